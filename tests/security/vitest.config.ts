import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Files that measure response times under attack: they run alone (vitest.timing.config.ts). */
export const TIMED_FILES = ['dos-*.test.ts', 'fuzz-postgrest-grammar.test.ts'];

// The security suite: every finding of the security review reproduced as an attack against a
// real embedded server (the app's own migrations and seed), asserting that the attack fails.
// Two files at a time (vitest's default on two cores is one): each starts its own servers, and
// most of a file's time is spent waiting on them. The timed files run after, one at a time.
export default defineProject({
  test: {
    name: 'security',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', ...TIMED_FILES],
    // Builds the seeded data directory the PGlite servers start from (support/server.ts).
    globalSetup: ['../support/seeded-template.global.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
