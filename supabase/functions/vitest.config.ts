import { defineProject } from 'vitest/config';

// The handlers' tests (each against the embedded backend from tests/functions/fixture.ts) and
// the deployment files' checks.
export default defineProject({
  test: {
    name: 'functions',
    include: ['**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
