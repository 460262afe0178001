import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '../local/src/index.ts';
import { loadConfig, makeKeys, openDb, runMigrations } from '../local/src/index.ts';
import {
  lessonObjectName,
  loadTimings,
  naturalLessonObjectName,
  slowLessonObjectName,
  wordObjectName,
} from './content/catalog.ts';
import { noteLines } from './content/course-check.ts';
import { tokenize } from '@magyarul/core/tokens';
import { GLOSSARY } from './content/glossary.ts';
import { LESSONS } from './content/lessons.ts';
import { copyDataTemplate } from '../../tests/support/template-copy/template-copy.ts';
import { TOURIST_PACK } from './content/tourist-pack.ts';
import { seed } from './index.ts';
import { SEED_SQL_FILE } from './make-seed-sql.ts';
import { seedSql } from './seed-sql.ts';

const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The content tables as plain rows, in a stable order (no ids or timestamps). */
async function content(db: LocalDb): Promise<unknown[][]> {
  const lessons = await db.query(
    `select lesson_number, title, description, level, topic, duration, audio_url, slow_audio_url,
       natural_audio_url, title_de, title_es, description_de, description_es, is_published
     from public.lessons order by lesson_number`,
  );
  const lines = await db.query(
    `select l.lesson_number, t.line_number, t.speaker, t.text_content, t.start_time, t.end_time,
       t.slow_start_time, t.slow_end_time, t.natural_start_time, t.natural_end_time,
       t.translation_en, t.translation_de, t.translation_es, t.character_key
     from public.lesson_transcript t join public.lessons l on l.id = t.lesson_id
     order by l.lesson_number, t.line_number`,
  );
  const characters = await db.query(
    `select l.lesson_number, c.key, c.name_en, c.name_de, c.name_es, c.sex, c.voice
     from public.lesson_characters c join public.lessons l on l.id = c.lesson_id
     order by l.lesson_number, c.key`,
  );
  const notes = await db.query(
    `select l.lesson_number, n.position, n.title_en, n.title_de, n.title_es, n.body_en,
       n.body_de, n.body_es, n.line_numbers
     from public.lesson_notes n join public.lessons l on l.id = n.lesson_id
     order by l.lesson_number, n.position`,
  );
  const words = await db.query(
    `select l.lesson_number, v.word_hu, v.word_en, v.word_de, v.word_es, v.difficulty,
       v.audio_file_path
     from public.lesson_vocabulary v join public.lessons l on l.id = v.lesson_id
     order by l.lesson_number, v.word_hu`,
  );
  const pack = await db.query(
    `select position, word_hu, word_en, word_de, word_es
     from public.tourist_pack_words order by position`,
  );
  const tokens = await db.query(
    `select l.lesson_number, t.line_number, k.position, k.char_start, k.char_end, k.text, k.lemma,
       k.grammar_notes::text, v.word_hu, g.lemma as glossary_lemma, k.meaning_en, k.meaning_de,
       k.meaning_es, k.is_name, n.position as note, k.confirmed, k.start_time, k.end_time,
       k.slow_start_time, k.slow_end_time, k.natural_start_time, k.natural_end_time
     from public.transcript_tokens k
     join public.lesson_transcript t on t.id = k.line_id
     join public.lessons l on l.id = t.lesson_id
     left join public.lesson_vocabulary v on v.id = k.vocabulary_id
     left join public.glossary_entries g on g.id = k.glossary_id
     left join public.lesson_notes n on n.id = k.lesson_note_id
     order by l.lesson_number, t.line_number, k.position`,
  );
  const glossary = await db.query(
    `select lemma, meaning_en, meaning_de, meaning_es from public.glossary_entries order by lemma`,
  );
  return [
    lessons.rows,
    lines.rows,
    words.rows,
    pack.rows,
    characters.rows,
    notes.rows,
    tokens.rows,
    glossary.rows,
  ];
}

function expectedContent(): unknown[][] {
  const timings = loadTimings();
  const collator = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [
    LESSONS.map((l) => ({
      lesson_number: l.number,
      title: l.title,
      description: l.description,
      level: l.level,
      topic: l.topic,
      duration: Math.round(timings.lessons[String(l.number)]?.duration ?? -1),
      audio_url: lessonObjectName(l.number),
      slow_audio_url: slowLessonObjectName(l.number),
      natural_audio_url: naturalLessonObjectName(l.number),
      title_de: l.de.title,
      title_es: l.es.title,
      description_de: l.de.description,
      description_es: l.es.description,
      is_published: true,
    })),
    LESSONS.flatMap((l) =>
      l.lines.map(([speaker, text, translation, character], i) => ({
        lesson_number: l.number,
        line_number: i + 1,
        speaker,
        text_content: text,
        start_time: timings.lessons[String(l.number)]?.lines[i]?.start,
        end_time: timings.lessons[String(l.number)]?.lines[i]?.end,
        slow_start_time: timings.lessons[String(l.number)]?.slow.lines[i]?.start,
        slow_end_time: timings.lessons[String(l.number)]?.slow.lines[i]?.end,
        natural_start_time: timings.lessons[String(l.number)]?.natural.lines[i]?.start,
        natural_end_time: timings.lessons[String(l.number)]?.natural.lines[i]?.end,
        translation_en: translation.en,
        translation_de: translation.de,
        translation_es: translation.es,
        character_key: character ?? null,
      })),
    ),
    LESSONS.flatMap((l) =>
      [...l.words]
        .sort((a, b) => collator(a.hu, b.hu))
        .map((w) => ({
          lesson_number: l.number,
          word_hu: w.hu,
          word_en: w.en,
          word_de: w.de,
          word_es: w.es,
          difficulty: w.difficulty,
          audio_file_path: wordObjectName(w.hu),
        })),
    ),
    TOURIST_PACK.map(([hu, en, de, es], i) => ({
      position: i + 1,
      word_hu: hu,
      word_en: en,
      word_de: de,
      word_es: es,
    })),
    LESSONS.flatMap((l) =>
      [...(l.characters ?? [])]
        .sort((a, b) => collator(a.key, b.key))
        .map((c) => ({
          lesson_number: l.number,
          key: c.key,
          name_en: c.name.en,
          name_de: c.name.de,
          name_es: c.name.es,
          sex: c.sex,
          voice: c.voice,
        })),
    ),
    LESSONS.flatMap((l) =>
      l.notes.map((n, i) => ({
        lesson_number: l.number,
        position: i + 1,
        title_en: n.title.en,
        title_de: n.title.de,
        title_es: n.title.es,
        body_en: n.body.en,
        body_de: n.body.de,
        body_es: n.body.es,
        line_numbers: noteLines(l, n),
      })),
    ),
  ];
}

describe('seed.sql', () => {
  let dataDir: string;
  let db: LocalDb;

  beforeAll(async () => {
    // A copy of the run's migrated template; runMigrations finds nothing left to apply.
    dataDir = copyDataTemplate('migrated', 'magyarul-seed-sql-');
    db = await openDb({ dataDir });
    await runMigrations(db, { migrationsDir: join(SUPABASE_DIR, 'migrations') });
    await db.exec(`select set_config('search_path', '"$user", public, extensions', false)`);
  });

  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the committed output of make-seed-sql.ts', () => {
    expect(readFileSync(SEED_SQL_FILE, 'utf8')).toBe(seedSql());
  });

  it('loads every lesson, line, word, pack entry, character and note with the audio times and paths', async () => {
    await db.transaction((tx) => tx.exec(seedSql()));
    const loaded = await content(db);
    const expected = expectedContent();
    expect(loaded[0]).toEqual(expected[0]);
    expect(loaded[1]).toEqual(expected[1]);
    expect(loaded[2]).toHaveLength(expected[2]?.length ?? -1);
    expect(loaded[2]).toEqual(expect.arrayContaining(expected[2] ?? []));
    expect(loaded[3]).toEqual(expected[3]);
    expect(loaded[4]).toEqual(expected[4]);
    expect(loaded[5]).toEqual(expected[5]);
    expect((loaded[4] ?? []).length).toBeGreaterThan(20);
    expect((loaded[5] ?? []).length).toBeGreaterThanOrEqual(60);
    // Every word of every line, each with its dictionary form and its times in three versions.
    const tokens = (loaded[6] ?? []) as { lemma: string; start_time: number | null }[];
    const words = LESSONS.flatMap((l) => l.lines.flatMap(([, text]) => tokenize(text)));
    expect(tokens).toHaveLength(words.length);
    expect(tokens.every((t) => t.lemma !== '' && t.start_time !== null)).toBe(true);
    expect((loaded[7] ?? []).length).toBe(GLOSSARY.length);
  });

  it('changes nothing when it runs again or when the embedded loader runs after it', async () => {
    const before = await content(db);
    await db.transaction((tx) => tx.exec(seedSql()));
    expect(await content(db)).toEqual(before);
    await seed({
      db,
      keys: makeKeys('seed-sql-test-secret-seed-sql-test-secret'),
      config: loadConfig({}, { dataDir, port: 0, supabaseDir: SUPABASE_DIR }),
      mail: { send: () => Promise.resolve(), list: () => Promise.resolve([]) },
    });
    expect(await content(db)).toEqual(before);
  });
});
