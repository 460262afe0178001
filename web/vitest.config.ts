import { defineProject } from 'vitest/config';

// Pure logic of the web app (no DOM): runs with the unit suite.
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions without module state, mocks or servers: the files share their workers'
    // module cache (no re-import of the same modules per file), in threads rather than processes.
    isolate: false,
    pool: 'threads',
  },
});
