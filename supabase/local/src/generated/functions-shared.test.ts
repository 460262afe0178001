import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_COPY_DIR, FUNCTIONS_DIR, functionsSharedFiles } from './functions-shared.ts';

// The edge functions' copies of core and of the schema types (supabase/functions/_shared) are
// what a fresh generation writes. On failure: npx tsx supabase/local/scripts/gen-functions-shared.ts

describe("the edge functions' generated copies", () => {
  it('returns the committed copies, and no other file in _shared/core', async () => {
    const fresh = await functionsSharedFiles();
    const committed = readdirSync(join(FUNCTIONS_DIR, CORE_COPY_DIR), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `_shared/core/${f.split('\\').join('/')}`);
    expect(committed.sort()).toEqual(
      fresh
        .map((f) => f.path)
        .filter((p) => p.startsWith('_shared/core/'))
        .sort(),
    );
    for (const file of fresh) {
      expect(readFileSync(join(FUNCTIONS_DIR, file.path), 'utf8'), file.path).toBe(file.text);
    }
  });

  it('returns the core files the functions use, the schema types and nothing of core beyond', async () => {
    const paths = (await functionsSharedFiles()).map((f) => f.path);
    expect(paths).toContain('_shared/database.ts');
    expect(paths).toContain('_shared/core/index.ts');
    expect(paths).toContain('_shared/core/srs/review.ts');
    expect(paths).toContain('_shared/core/files/bucket-names.ts');
    // The CSV reader (papaparse) is not reached; of the messages only the reminder e-mail
    // (send-reminders) with its formatting and the mail languages, not the app catalogues.
    expect(paths.filter((p) => /\/csv\//.test(p))).toEqual([]);
    expect(paths.filter((p) => /\/messages\//.test(p)).sort()).toEqual([
      '_shared/core/messages/de-mail.ts',
      '_shared/core/messages/en-mail.ts',
      '_shared/core/messages/es-mail.ts',
      '_shared/core/messages/format.ts',
      '_shared/core/messages/mail-catalogues.ts',
      '_shared/core/messages/plural.ts',
      '_shared/core/messages/reminder-mail.ts',
    ]);
  });
});
