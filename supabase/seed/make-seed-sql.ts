// Writes supabase/seed.sql from the seed content:  npx tsx supabase/seed/make-seed-sql.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedSql } from './seed-sql.ts';

export const SEED_SQL_FILE = fileURLToPath(new URL('../seed.sql', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SEED_SQL_FILE, seedSql());
  console.log(`wrote ${SEED_SQL_FILE}`);
}
