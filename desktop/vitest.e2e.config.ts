import { defineProject } from 'vitest/config';

// Tests that need `electron-vite build` output (run through `npm run test:e2e`).
export default defineProject({
  test: {
    name: 'desktop-e2e',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
