import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'local',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // A server starting beside another suite's on two busy cores.
    hookTimeout: 120_000,
  },
});
