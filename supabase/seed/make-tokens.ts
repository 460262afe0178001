// Regenerates content/tokens.json (content/build-tokens.ts: every word of every seed line with
// its dictionary form, grammar notes and meaning). Needs Debian's hunspell and hunspell-hu:
// `npx tsx supabase/seed/make-tokens.ts`; then make-seed-sql.ts.
import { writeFileSync } from 'node:fs';
import { buildSeedTokens } from './content/build-tokens.ts';
import { TOKENS_FILE } from './content/seed-tokens.ts';

const tokens = buildSeedTokens();
writeFileSync(TOKENS_FILE, `${JSON.stringify(tokens)}\n`);
const count = Object.values(tokens.lessons).flat(2).length;
console.log(`wrote ${count} tokens to ${TOKENS_FILE}`);
