import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    // Property tests run thousands of cases; a loaded 2-core CI machine needs headroom.
    testTimeout: 30_000,
  },
});
