import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The security suite: every finding of the security review reproduced as an attack against a
// real embedded server (the app's own migrations and seed), asserting that the attack fails.
export default defineProject({
  test: {
    name: 'security',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    // Builds the seeded data directory the PGlite servers start from (support/server.ts).
    globalSetup: ['../support/seeded-template.global.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
