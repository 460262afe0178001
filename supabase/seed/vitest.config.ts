import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'seed',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/.tsbuild/**'],
    // The migrated data directory the seed's database tests start from (copied with
    // tests/support/template-copy).
    globalSetup: [
      fileURLToPath(new URL('../../tests/support/migrated-template.global.ts', import.meta.url)),
    ],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
