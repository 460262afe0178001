import { defineProject } from 'vitest/config';

// Tooling checks that run with the unit suite (fast, no servers).
export default defineProject({
  test: {
    name: 'tooling',
    include: ['tooling/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
