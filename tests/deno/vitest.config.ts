import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// `npm run test:deno`: the edge functions under real Deno (2.1, as hosted Supabase runs them,
// and the current line), installed from the npm registry. The first run fills Deno's cache with
// the functions' npm imports.
export default defineProject({
  test: {
    name: 'deno',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    testTimeout: 180_000,
  },
});
