import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'seed',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/.tsbuild/**'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
