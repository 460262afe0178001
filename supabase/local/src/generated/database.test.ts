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

  it("types the enum columns by the Enums section, which lists each enum's values in order", () => {
    const committed = readFileSync(OUTPUT_FILE, 'utf8');
    expect(committed).toContain("      level: 'beginner' | 'intermediate' | 'advanced';\n");
    expect(committed).toContain("      speaker: 'narrator' | 'anna' | 'bence';\n");
    expect(committed).toContain(
      "      feedback_type: 'bug' | 'feature' | 'content' | 'general' | 'others';\n",
    );
    expect(committed).toContain(
      "      feedback_status: 'new' | 'reviewing' | 'resolved' | 'closed';\n",
    );
    expect(committed).toContain("      app_role: 'admin' | 'user';\n");
    expect(committed).toContain("          level: Database['public']['Enums']['level'];\n");
    expect(committed).toContain("          difficulty?: Database['public']['Enums']['level'];\n");
    expect(committed).toContain("          role: Database['public']['Enums']['app_role'];\n");
    expect(committed).toContain(
      "          status: Database['public']['Enums']['feedback_status'];\n",
    );
    expect(committed).not.toContain('[_ in never]: never;\n    };\n    CompositeTypes');
  });
});
