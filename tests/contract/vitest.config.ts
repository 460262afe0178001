import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Conformance suites: unmodified supabase-js against the embedded server on PGlite and on
// a throw-away PostgreSQL 15 cluster.
export default defineProject({
  test: {
    name: 'contract',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    // Builds the migrated data directory the suites on the app's schema start from (setup/server.ts).
    globalSetup: ['../support/migrated-template.global.ts'],
    // Two files at a time (vitest's default on two cores is one): a suite spends most of its time
    // waiting on its servers (PGlite, a PostgreSQL cluster of its own).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
