// The seed's glossary and tokens as rows, and the SQL that upserts them, shared by the embedded
// seed (seed-lessons.ts) and seed.sql for hosted Supabase (seed-sql.ts), so both hold the same.
// Tokens are written per lesson in one statement from a JSON array: each row names its line by
// line_number, its lesson word by word_hu, its glossary entry by lemma and its note by position;
// a lesson's tokens past what the content holds are deleted. Word times of a lesson whose
// dialogue changed since word-times.json was made are left out (null), never misplaced.
import { GLOSSARY } from './content/glossary.ts';
import type { SeedTokens } from './content/seed-tokens.ts';
import type { Timings } from './content/types.ts';
import type { WordTimes } from './content/word-times.ts';

export type TokenRow = {
  readonly line_number: number;
  readonly position: number;
  readonly char_start: number;
  readonly char_end: number;
  readonly text: string;
  readonly lemma: string;
  readonly grammar_notes: readonly string[];
  readonly word_hu: string | null;
  readonly glossary_lemma: string | null;
  readonly meaning_en: string | null;
  readonly meaning_de: string | null;
  readonly meaning_es: string | null;
  readonly is_name: boolean;
  readonly note_position: number | null;
  readonly start_time: number | null;
  readonly end_time: number | null;
  readonly slow_start_time: number | null;
  readonly slow_end_time: number | null;
  readonly natural_start_time: number | null;
  readonly natural_end_time: number | null;
};

const nfc = (text: string) => text.normalize('NFC');

/** The glossary as [lemma, en, de, es] rows. */
export function glossaryRows(): (readonly [string, string, string, string])[] {
  return GLOSSARY.map((g) => [nfc(g.lemma), nfc(g.en), nfc(g.de), nfc(g.es)] as const);
}

/** One lesson's token rows, with the word times of each rendering where they are current. */
export function tokenRows(
  lessonNumber: number,
  tokens: SeedTokens,
  wordTimes: WordTimes,
  timings: Timings,
): TokenRow[] {
  const lines = tokens.lessons[String(lessonNumber)];
  if (!lines) throw new Error(`no tokens for lesson ${lessonNumber}`);
  const times = wordTimes.lessons[String(lessonNumber)];
  const current =
    times && times.hash === timings.lessons[String(lessonNumber)]?.hash ? times : null;
  return lines.flatMap((line, lineIndex) =>
    line.map((token, position) => {
      const at = (rendering: 'normal' | 'slow' | 'natural') =>
        current?.[rendering][lineIndex]?.[position] ?? null;
      const normal = at('normal');
      const slow = at('slow');
      const natural = at('natural');
      return {
        line_number: lineIndex + 1,
        position,
        char_start: token.start,
        char_end: token.end,
        text: nfc(token.text),
        lemma: nfc(token.lemma),
        grammar_notes: token.notes,
        word_hu: token.word ? nfc(token.word) : null,
        glossary_lemma: token.glossary ? nfc(token.glossary) : null,
        meaning_en: token.meaning ? nfc(token.meaning.en) : null,
        meaning_de: token.meaning ? nfc(token.meaning.de) : null,
        meaning_es: token.meaning ? nfc(token.meaning.es) : null,
        is_name: token.name === true,
        note_position: token.note ?? null,
        start_time: normal?.[0] ?? null,
        end_time: normal?.[1] ?? null,
        slow_start_time: slow?.[0] ?? null,
        slow_end_time: slow?.[1] ?? null,
        natural_start_time: natural?.[0] ?? null,
        natural_end_time: natural?.[1] ?? null,
      };
    }),
  );
}

/**
 * Upserts glossary entries from a JSON array of {lemma, en, de, es} (%ROWS%): the entry of a
 * dictionary form without a part of speech is updated, a missing one inserted. The table has no
 * unique key on the form (admins may keep two senses), so this is an update and an insert; the
 * insert's 'not exists' sees the rows as they were before the update.
 */
export const GLOSSARY_UPSERT = `with x as (
  select * from jsonb_to_recordset(%ROWS%) as x(lemma text, en text, de text, es text)
), changed as (
  update public.glossary_entries g
  set meaning_en = x.en, meaning_de = x.de, meaning_es = x.es
  from x
  where g.lemma = x.lemma and g.part_of_speech is null
    and (g.meaning_en, g.meaning_de, g.meaning_es) is distinct from (x.en, x.de, x.es)
)
insert into public.glossary_entries (lemma, meaning_en, meaning_de, meaning_es)
select x.lemma, x.en, x.de, x.es
from x
where not exists (
  select 1 from public.glossary_entries g where g.lemma = x.lemma and g.part_of_speech is null
)`;

const TOKEN_COLUMNS = `line_number integer, position integer, char_start integer, char_end integer,
    text text, lemma text, grammar_notes public.grammar_note[], word_hu text, glossary_lemma text,
    meaning_en text, meaning_de text, meaning_es text, is_name boolean, note_position integer,
    start_time double precision, end_time double precision, slow_start_time double precision,
    slow_end_time double precision, natural_start_time double precision,
    natural_end_time double precision`;

/**
 * Upserts one lesson's tokens: %LESSON% is an expression for the lesson's id, %ROWS% the JSON
 * array of TokenRow. Unchanged tokens are not written.
 */
export const TOKENS_UPSERT = `with x as (
  select * from jsonb_to_recordset(%ROWS%) as x(${TOKEN_COLUMNS})
), rows as (
  select t.id as line_id, x.*, v.id as vocabulary_id, g.id as glossary_id, n.id as lesson_note_id
  from x
  join public.lesson_transcript t on t.lesson_id = %LESSON% and t.line_number = x.line_number
  left join public.lesson_vocabulary v on v.lesson_id = %LESSON% and v.word_hu = x.word_hu
  left join lateral (
    select e.id from public.glossary_entries e
    where e.lemma = x.glossary_lemma and e.part_of_speech is null
    order by e.created_at, e.id limit 1
  ) g on true
  left join public.lesson_notes n on n.lesson_id = %LESSON% and n.position = x.note_position
), gone as (
  delete from public.transcript_tokens k
  using public.lesson_transcript t
  where t.id = k.line_id and t.lesson_id = %LESSON%
    and not exists (select 1 from rows r where r.line_id = k.line_id and r.position = k.position)
)
insert into public.transcript_tokens (line_id, position, char_start, char_end, text, lemma,
  grammar_notes, vocabulary_id, glossary_id, meaning_en, meaning_de, meaning_es, is_name,
  lesson_note_id, confirmed, start_time, end_time, slow_start_time, slow_end_time,
  natural_start_time, natural_end_time)
select line_id, position, char_start, char_end, text, lemma, grammar_notes, vocabulary_id,
  glossary_id, meaning_en, meaning_de, meaning_es, is_name, lesson_note_id, true, start_time,
  end_time, slow_start_time, slow_end_time, natural_start_time, natural_end_time
from rows
on conflict (line_id, position) do update set char_start = excluded.char_start,
  char_end = excluded.char_end, text = excluded.text, lemma = excluded.lemma,
  grammar_notes = excluded.grammar_notes, vocabulary_id = excluded.vocabulary_id,
  glossary_id = excluded.glossary_id, meaning_en = excluded.meaning_en,
  meaning_de = excluded.meaning_de, meaning_es = excluded.meaning_es, is_name = excluded.is_name,
  lesson_note_id = excluded.lesson_note_id, confirmed = true, start_time = excluded.start_time,
  end_time = excluded.end_time, slow_start_time = excluded.slow_start_time,
  slow_end_time = excluded.slow_end_time, natural_start_time = excluded.natural_start_time,
  natural_end_time = excluded.natural_end_time
where (transcript_tokens.char_start, transcript_tokens.char_end, transcript_tokens.text,
       transcript_tokens.lemma, transcript_tokens.grammar_notes, transcript_tokens.vocabulary_id,
       transcript_tokens.glossary_id, transcript_tokens.meaning_en, transcript_tokens.meaning_de,
       transcript_tokens.meaning_es, transcript_tokens.is_name, transcript_tokens.lesson_note_id,
       transcript_tokens.confirmed, transcript_tokens.start_time, transcript_tokens.end_time,
       transcript_tokens.slow_start_time, transcript_tokens.slow_end_time,
       transcript_tokens.natural_start_time, transcript_tokens.natural_end_time)
  is distinct from
      (excluded.char_start, excluded.char_end, excluded.text, excluded.lemma,
       excluded.grammar_notes, excluded.vocabulary_id, excluded.glossary_id, excluded.meaning_en,
       excluded.meaning_de, excluded.meaning_es, excluded.is_name, excluded.lesson_note_id, true,
       excluded.start_time, excluded.end_time, excluded.slow_start_time, excluded.slow_end_time,
       excluded.natural_start_time, excluded.natural_end_time)`;
