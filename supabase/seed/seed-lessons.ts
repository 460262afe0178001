// The seed's lessons, upserted by their natural keys so a second run changes nothing: the lesson
// row (titles and descriptions in three languages, the three renderings), its characters, its
// transcript (speaker or character, times of each rendering, translations), its notes, its
// vocabulary and its lines' tokens (with the course glossary before all lessons). Rows past what the content holds (older content) are deleted.
import type { Queryable } from '../local/src/context.ts';
import {
  lessonObjectName,
  naturalLessonObjectName,
  slowLessonObjectName,
  wordObjectName,
} from './content/catalog.ts';
import { noteLines } from './content/course-check.ts';
import { LESSONS } from './content/lessons.ts';
import { loadSeedTokens } from './content/seed-tokens.ts';
import type { SeedLesson, Timings } from './content/types.ts';
import { loadWordTimes } from './content/word-times.ts';
import { GLOSSARY_UPSERT, TOKENS_UPSERT, glossaryRows, tokenRows } from './seed-token-rows.ts';

const nfc = (text: string) => text.normalize('NFC');

async function upsertLessonRow(
  tx: Queryable,
  lesson: SeedLesson,
  duration: number,
  adminId: string | null,
): Promise<string> {
  await tx.query(
    `insert into public.lessons (lesson_number, title, description, level, topic, duration,
       audio_url, is_published, created_by, language_from, language_to, slow_audio_url,
       natural_audio_url, title_de, title_es, description_de, description_es)
     values ($1, $2, $3, $4, $5, $6, $7, true, $8, 'english', 'hungarian', $9, $10, $11, $12,
       $13, $14)
     on conflict (lesson_number) do update set
       title = excluded.title, description = excluded.description, level = excluded.level,
       topic = excluded.topic, duration = excluded.duration, audio_url = excluded.audio_url,
       slow_audio_url = excluded.slow_audio_url, natural_audio_url = excluded.natural_audio_url,
       title_de = excluded.title_de, title_es = excluded.title_es,
       description_de = excluded.description_de, description_es = excluded.description_es,
       is_published = true, created_by = coalesce(public.lessons.created_by, excluded.created_by)
     where (public.lessons.title, public.lessons.description, public.lessons.level,
            public.lessons.topic, public.lessons.duration, public.lessons.audio_url,
            public.lessons.slow_audio_url, public.lessons.natural_audio_url,
            public.lessons.title_de, public.lessons.title_es, public.lessons.description_de,
            public.lessons.description_es, public.lessons.is_published,
            public.lessons.created_by is null)
       is distinct from
           (excluded.title, excluded.description, excluded.level, excluded.topic,
            excluded.duration, excluded.audio_url, excluded.slow_audio_url,
            excluded.natural_audio_url, excluded.title_de, excluded.title_es,
            excluded.description_de, excluded.description_es, true, false)`,
    [
      lesson.number,
      nfc(lesson.title),
      nfc(lesson.description),
      lesson.level,
      lesson.topic,
      Math.round(duration),
      lessonObjectName(lesson.number),
      adminId,
      slowLessonObjectName(lesson.number),
      naturalLessonObjectName(lesson.number),
      nfc(lesson.de.title),
      nfc(lesson.es.title),
      nfc(lesson.de.description),
      nfc(lesson.es.description),
    ],
  );
  const row = await tx.query<{ id: string }>(
    'select id::text as id from public.lessons where lesson_number = $1',
    [lesson.number],
  );
  const id = row.rows[0]?.id;
  if (!id) throw new Error(`lesson ${lesson.number} missing after upsert`);
  return id;
}

async function upsertCharacters(tx: Queryable, id: string, lesson: SeedLesson): Promise<void> {
  const characters = lesson.characters ?? [];
  for (const c of characters) {
    await tx.query(
      `insert into public.lesson_characters (lesson_id, key, name_en, name_de, name_es, sex, voice)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (lesson_id, key) do update set name_en = excluded.name_en,
         name_de = excluded.name_de, name_es = excluded.name_es, sex = excluded.sex,
         voice = excluded.voice
       where (lesson_characters.name_en, lesson_characters.name_de, lesson_characters.name_es,
              lesson_characters.sex, lesson_characters.voice)
         is distinct from (excluded.name_en, excluded.name_de, excluded.name_es, excluded.sex,
              excluded.voice)`,
      [id, c.key, nfc(c.name.en), nfc(c.name.de), nfc(c.name.es), c.sex, c.voice],
    );
  }
}

async function upsertLines(
  tx: Queryable,
  id: string,
  lesson: SeedLesson,
  timing: Timings['lessons'][string],
): Promise<void> {
  for (const [index, [speaker, text, translation, character]] of lesson.lines.entries()) {
    const times = timing.lines[index];
    const slow = timing.slow.lines[index];
    const natural = timing.natural.lines[index];
    if (!times || !slow || !natural) {
      throw new Error(`no times for lesson ${lesson.number} line ${index + 1}`);
    }
    await tx.query(
      `insert into public.lesson_transcript (lesson_id, line_number, speaker, text_content,
         start_time, end_time, slow_start_time, slow_end_time, natural_start_time,
         natural_end_time, translation_en, translation_de, translation_es, character_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (lesson_id, line_number) do update set
         speaker = excluded.speaker, text_content = excluded.text_content,
         start_time = excluded.start_time, end_time = excluded.end_time,
         slow_start_time = excluded.slow_start_time, slow_end_time = excluded.slow_end_time,
         natural_start_time = excluded.natural_start_time,
         natural_end_time = excluded.natural_end_time,
         translation_en = excluded.translation_en, translation_de = excluded.translation_de,
         translation_es = excluded.translation_es, character_key = excluded.character_key
       where (lesson_transcript.speaker, lesson_transcript.text_content,
              lesson_transcript.start_time, lesson_transcript.end_time,
              lesson_transcript.slow_start_time, lesson_transcript.slow_end_time,
              lesson_transcript.natural_start_time, lesson_transcript.natural_end_time,
              lesson_transcript.translation_en, lesson_transcript.translation_de,
              lesson_transcript.translation_es, lesson_transcript.character_key)
         is distinct from
             (excluded.speaker, excluded.text_content, excluded.start_time, excluded.end_time,
              excluded.slow_start_time, excluded.slow_end_time, excluded.natural_start_time,
              excluded.natural_end_time, excluded.translation_en, excluded.translation_de,
              excluded.translation_es, excluded.character_key)`,
      [
        id,
        index + 1,
        speaker,
        nfc(text),
        times.start,
        times.end,
        slow.start,
        slow.end,
        natural.start,
        natural.end,
        nfc(translation.en),
        nfc(translation.de),
        nfc(translation.es),
        character ?? null,
      ],
    );
  }
  await tx.query('delete from public.lesson_transcript where lesson_id = $1 and line_number > $2', [
    id,
    lesson.lines.length,
  ]);
  await tx.query(
    'delete from public.lesson_characters where lesson_id = $1 and not (key = any($2::text[]))',
    [id, (lesson.characters ?? []).map((c) => c.key)],
  );
}

async function upsertNotes(tx: Queryable, id: string, lesson: SeedLesson): Promise<void> {
  for (const [index, note] of lesson.notes.entries()) {
    await tx.query(
      `insert into public.lesson_notes (lesson_id, position, title_en, title_de, title_es,
         body_en, body_de, body_es, line_numbers)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (lesson_id, position) do update set title_en = excluded.title_en,
         title_de = excluded.title_de, title_es = excluded.title_es, body_en = excluded.body_en,
         body_de = excluded.body_de, body_es = excluded.body_es,
         line_numbers = excluded.line_numbers
       where (lesson_notes.title_en, lesson_notes.title_de, lesson_notes.title_es,
              lesson_notes.body_en, lesson_notes.body_de, lesson_notes.body_es,
              lesson_notes.line_numbers)
         is distinct from (excluded.title_en, excluded.title_de, excluded.title_es,
              excluded.body_en, excluded.body_de, excluded.body_es, excluded.line_numbers)`,
      [
        id,
        index + 1,
        nfc(note.title.en),
        nfc(note.title.de),
        nfc(note.title.es),
        nfc(note.body.en),
        nfc(note.body.de),
        nfc(note.body.es),
        noteLines(lesson, note),
      ],
    );
  }
  await tx.query('delete from public.lesson_notes where lesson_id = $1 and position > $2', [
    id,
    lesson.notes.length,
  ]);
}

async function upsertWords(tx: Queryable, id: string, lesson: SeedLesson): Promise<void> {
  for (const word of lesson.words) {
    const params = [
      id,
      nfc(word.hu),
      nfc(word.en),
      word.difficulty,
      wordObjectName(word.hu),
      nfc(word.de),
      nfc(word.es),
    ];
    await tx.query(
      `update public.lesson_vocabulary
       set word_en = $3::text, difficulty = $4::public.level, audio_file_path = $5::text,
           word_de = $6::text, word_es = $7::text
       where lesson_id = $1::uuid and word_hu = $2::text
         and (word_en, difficulty, audio_file_path, word_de, word_es)
           is distinct from ($3::text, $4::public.level, $5::text, $6::text, $7::text)`,
      params,
    );
    await tx.query(
      `insert into public.lesson_vocabulary (lesson_id, word_hu, word_en, difficulty,
         audio_file_path, word_de, word_es)
       select $1::uuid, $2::text, $3::text, $4::public.level, $5::text, $6::text, $7::text
       where not exists (
         select 1 from public.lesson_vocabulary where lesson_id = $1::uuid and word_hu = $2::text
       )`,
      params,
    );
  }
}

/** Upserts every lesson with its content; returns the lesson ids by number. */
export async function upsertLessons(
  tx: Queryable,
  timings: Timings,
  adminId: string | null,
): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  const tokens = loadSeedTokens();
  const wordTimes = loadWordTimes();
  const glossary = glossaryRows().map(([lemma, en, de, es]) => ({ lemma, en, de, es }));
  await tx.query(GLOSSARY_UPSERT.replace('%ROWS%', '$1::jsonb'), [JSON.stringify(glossary)]);
  for (const lesson of LESSONS) {
    const timing = timings.lessons[String(lesson.number)];
    if (!timing) throw new Error(`no audio timings for lesson ${lesson.number}`);
    const id = await upsertLessonRow(tx, lesson, timing.duration, adminId);
    ids.set(lesson.number, id);
    await upsertCharacters(tx, id, lesson);
    await upsertLines(tx, id, lesson, timing);
    await upsertNotes(tx, id, lesson);
    await upsertWords(tx, id, lesson);
    const rows = tokenRows(lesson.number, tokens, wordTimes, timings);
    await tx.query(
      TOKENS_UPSERT.replace('%ROWS%', '$2::jsonb').replaceAll('%LESSON%', '$1::uuid'),
      [id, JSON.stringify(rows)],
    );
  }
  return ids;
}
