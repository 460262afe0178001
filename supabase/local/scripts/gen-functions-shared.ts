// Writes the edge functions' copies of core and of the schema types into
// supabase/functions/_shared (see src/generated/functions-shared.ts). gen-types.ts runs it too.
// Run: npx tsx supabase/local/scripts/gen-functions-shared.ts
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  CORE_COPY_DIR,
  FUNCTIONS_DIR,
  functionsSharedFiles,
} from '../src/generated/functions-shared.ts';

const files = await functionsSharedFiles();
rmSync(join(FUNCTIONS_DIR, CORE_COPY_DIR), { recursive: true, force: true });
for (const file of files) {
  const path = join(FUNCTIONS_DIR, file.path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, file.text);
}
console.log(`wrote ${files.length} files under ${join(FUNCTIONS_DIR, '_shared')}`);
