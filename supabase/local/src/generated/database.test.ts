import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDatabaseTypes } from './format.ts';
import { generateDatabaseTypes, OUTPUT_FILE } from './generate.ts';

describe('generated database types', () => {
  it('returns the committed database.ts for the current migrations (applied on PGlite)', async () => {
    const fresh = await formatDatabaseTypes(await generateDatabaseTypes());
    const committed = readFileSync(OUTPUT_FILE, 'utf8');
    // On failure: npx tsx supabase/local/scripts/gen-types.ts
    expect(committed).toBe(fresh);
    // Boots PGlite and applies every migration: slow on a busy machine.
  }, 180_000);

  it('returns every table of the migrations with its Row, Insert and Update shapes', () => {
    const committed = readFileSync(OUTPUT_FILE, 'utf8');
    for (const table of [
      'lessons',
      'lesson_transcript',
      'lesson_vocabulary',
      'user_lesson_progress',
      'user_vocabulary_progress',
      'review_log',
      'flashcard_sessions',
      'user_feedback',
      'profiles',
      'user_roles',
      'lesson_qa_reviews',
      'lesson_files',
      'tourist_pack_words',
    ]) {
      expect(committed).toContain(`      ${table}: {\n        Row: {`);
    }
    expect(committed).toContain('get_tourist_pack_progress: {');
    expect(committed).toContain('record_answer: {');
    expect(committed).toContain('save_flashcard_session: {');
  });
});
