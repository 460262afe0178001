import { defineProject } from 'vitest/config';

// Pure logic of the web app (no DOM): runs with the unit suite.
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
