import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The handlers' tests (each against the embedded backend from tests/functions/fixture.ts) and
// the deployment files' checks.
export default defineProject({
  test: {
    name: 'functions',
    include: ['**/*.test.ts'],
    // Builds the migrated data directory the handlers' servers start from (fixture.ts).
    globalSetup: [
      fileURLToPath(new URL('../../tests/support/migrated-template.global.ts', import.meta.url)),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
