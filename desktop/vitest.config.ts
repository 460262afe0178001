import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'desktop',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
