import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    // Pure functions without module state, mocks or servers: the files share their workers'
    // module cache (no re-import of the same modules per file), in threads rather than processes.
    isolate: false,
    pool: 'threads',
    // Property tests run thousands of cases; a loaded 2-core CI machine needs headroom.
    testTimeout: 30_000,
  },
});
