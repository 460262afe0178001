// Writes supabase/types/database.ts from supabase/migrations (formatted with the
// repository's prettier config), then the edge functions' copies of it and of core
// (gen-functions-shared.ts). Run: npx tsx supabase/local/scripts/gen-types.ts
import { writeFileSync } from 'node:fs';
import { formatDatabaseTypes } from '../src/generated/format.ts';
import { generateDatabaseTypes, OUTPUT_FILE } from '../src/generated/generate.ts';

const source = await formatDatabaseTypes(await generateDatabaseTypes());
writeFileSync(OUTPUT_FILE, source);
console.log(`wrote ${OUTPUT_FILE}`);
await import('./gen-functions-shared.ts');
