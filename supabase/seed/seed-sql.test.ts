import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '../local/src/index.ts';
import { loadConfig, makeKeys, openDb, runMigrations } from '../local/src/index.ts';
import {
  lessonObjectName,
  loadTimings,
  slowLessonObjectName,
  wordObjectName,
} from './content/catalog.ts';
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
       is_published
     from public.lessons order by lesson_number`,
  );
  const lines = await db.query(
    `select l.lesson_number, t.line_number, t.speaker, t.text_content, t.start_time, t.end_time,
       t.slow_start_time, t.slow_end_time, t.translation_en, t.translation_de, t.translation_es
     from public.lesson_transcript t join public.lessons l on l.id = t.lesson_id
     order by l.lesson_number, t.line_number`,
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
  return [lessons.rows, lines.rows, words.rows, pack.rows];
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
      is_published: true,
    })),
    LESSONS.flatMap((l) =>
      l.lines.map(([speaker, text, translation], i) => ({
        lesson_number: l.number,
        line_number: i + 1,
        speaker,
        text_content: text,
        start_time: timings.lessons[String(l.number)]?.lines[i]?.start,
        end_time: timings.lessons[String(l.number)]?.lines[i]?.end,
        slow_start_time: timings.lessons[String(l.number)]?.slow.lines[i]?.start,
        slow_end_time: timings.lessons[String(l.number)]?.slow.lines[i]?.end,
        translation_en: translation.en,
        translation_de: translation.de,
        translation_es: translation.es,
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

  it('loads every lesson, line, word and pack entry with the audio times and paths', async () => {
    await db.transaction((tx) => tx.exec(seedSql()));
    const loaded = await content(db);
    const expected = expectedContent();
    expect(loaded[0]).toEqual(expected[0]);
    expect(loaded[1]).toEqual(expected[1]);
    expect(loaded[2]).toHaveLength(expected[2]?.length ?? -1);
    expect(loaded[2]).toEqual(expect.arrayContaining(expected[2] ?? []));
    expect(loaded[3]).toEqual(expected[3]);
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
