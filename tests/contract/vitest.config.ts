import { defineProject } from 'vitest/config';

// Conformance suites: unmodified supabase-js against the embedded server on PGlite and on
// a throw-away PostgreSQL 15 cluster.
export default defineProject({
  test: {
    name: 'contract',
    include: ['**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
