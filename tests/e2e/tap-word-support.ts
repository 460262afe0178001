import type { APIRequestContext, Page } from '@playwright/test';
import { tokenize } from '@magyarul/core/tokens';
import { adminClient, seedLessonId, type Db } from './admin/admin-support.ts';

// Tap-a-word e2e helpers (issue 31): lesson 1's tokens as the server stores them (the seed's;
// where a build of the seed has none yet, the admin saves them through save_line_tokens, with
// word times spread over each line and one glossary-only word), and a recorder of the words the
// page plays.

export type StoredToken = {
  id: string;
  line_id: string;
  line_number: number;
  /** The line the word is in, and its translations (the kept card's example sentence). */
  line_text: string;
  line_translations: Meanings;
  position: number;
  text: string;
  lemma: string;
  vocabulary_id: string | null;
  glossary_id: string | null;
  is_name: boolean;
  grammar_notes: string[];
  start_time: number | null;
  end_time: number | null;
  slow_start_time: number | null;
  slow_end_time: number | null;
  /** The meaning the panel shows (the token's own, its lesson word's, its glossary entry's). */
  meanings: { en: string | null; de: string | null; es: string | null };
};

type Meanings = { en: string | null; de: string | null; es: string | null };
const pick = (...sources: (Meanings | null)[]): Meanings => ({
  en: sources.find((s) => s?.en)?.en ?? null,
  de: sources.find((s) => s?.de)?.de ?? null,
  es: sources.find((s) => s?.es)?.es ?? null,
});

type Line = {
  id: string;
  line_number: number;
  text_content: string;
  start_time: number | null;
  end_time: number | null;
  slow_start_time: number | null;
  slow_end_time: number | null;
};

/** The word kept from lesson 1 in the tests when the seed has no tokens: glossary only. */
const GLOSSARY_WORD = {
  lemma: 'szomszéd',
  part_of_speech: 'noun',
  meaning_en: 'neighbour',
  meaning_de: 'Nachbar',
  meaning_es: 'vecino',
};

/** Word times over a line: each word's share of the line by its letters, a short gap after it. */
function spread(tokens: ReturnType<typeof tokenize>, start: number, end: number) {
  const letters = tokens.reduce((sum, t) => sum + t.text.length + 1, 0);
  let at = start;
  return tokens.map((t) => {
    const length = ((end - start) * (t.text.length + 1)) / letters;
    const span = { start: at, end: at + length * 0.85 };
    at += length;
    return span;
  });
}

async function saveTokens(db: Db, lessonId: string, lines: readonly Line[]): Promise<void> {
  const existing = await db.from('glossary_entries').select('id').eq('lemma', GLOSSARY_WORD.lemma);
  if (existing.error) throw existing.error;
  let glossaryId = existing.data[0]?.id;
  if (!glossaryId) {
    const made = await db.from('glossary_entries').insert(GLOSSARY_WORD).select('id').single();
    if (made.error) throw made.error;
    glossaryId = made.data.id;
  }
  const words = await db.from('lesson_vocabulary').select('id, word_hu').eq('lesson_id', lessonId);
  if (words.error) throw words.error;
  const vocabulary = new Map(words.data.map((w) => [w.word_hu.toLocaleLowerCase('hu'), w.id]));
  const payload = lines.map((line) => {
    const tokens = tokenize(line.text_content);
    const normal = spread(tokens, line.start_time ?? 0, line.end_time ?? 1);
    const slow = spread(tokens, line.slow_start_time ?? 0, line.slow_end_time ?? 1);
    return {
      line_id: line.id,
      text_content: line.text_content,
      tokens: tokens.map((t, i) => {
        const lower = t.text.toLocaleLowerCase('hu');
        const isName = lower === 'anna' || lower === 'bence';
        const neighbours = lower === 'szomszédok';
        return {
          position: t.position,
          char_start: t.start,
          char_end: t.end,
          text: t.text,
          lemma: neighbours ? GLOSSARY_WORD.lemma : isName ? t.text : lower,
          grammar_notes: neighbours ? ['plural'] : [],
          vocabulary_id: vocabulary.get(lower) ?? null,
          glossary_id: neighbours ? glossaryId : null,
          is_name: isName,
          meaning_en: null,
          start_time: normal[i]?.start,
          end_time: normal[i]?.end,
          slow_start_time: line.slow_start_time === null ? null : slow[i]?.start,
          slow_end_time: line.slow_start_time === null ? null : slow[i]?.end,
        };
      }),
    };
  });
  const saved = await db.rpc('save_line_tokens', { _lesson_id: lessonId, _lines: payload });
  if (saved.error) throw saved.error;
}

/** Lesson 1's id and its tokens in line and word order (made by the admin when the seed has none). */
export async function lessonOneTokens(
  request: APIRequestContext,
): Promise<{ lessonId: string; tokens: StoredToken[] }> {
  const db = await adminClient(request);
  const lessonId = await seedLessonId(db, 1);
  const read = async () => {
    // By the lesson's line ids and without embeds, as the app reads them
    // (web/src/tokens/tokens-api.ts): the gateway refuses a join over every lesson's tokens,
    // and embeds over a long lesson's tokens, as too expensive.
    const lines = await db
      .from('lesson_transcript')
      .select('id, line_number, text_content, translation_en, translation_de, translation_es')
      .eq('lesson_id', lessonId);
    if (lines.error) throw lines.error;
    const lineNumbers = new Map(lines.data.map((l) => [l.id, l.line_number]));
    const lineOf = new Map(lines.data.map((l) => [l.id, l]));
    const { data, error } = await db
      .from('transcript_tokens')
      .select(
        'id, line_id, position, text, lemma, vocabulary_id, glossary_id, is_name, grammar_notes, start_time, end_time, slow_start_time, slow_end_time, meaning_en, meaning_de, meaning_es',
      )
      .in('line_id', [...lineNumbers.keys()]);
    if (error) throw error;
    const words = await db
      .from('lesson_vocabulary')
      .select('id, word_en, word_de, word_es')
      .eq('lesson_id', lessonId);
    if (words.error) throw words.error;
    const glossaryIds = [...new Set(data.flatMap((t) => (t.glossary_id ? [t.glossary_id] : [])))];
    const glossary = await db
      .from('glossary_entries')
      .select('id, meaning_en, meaning_de, meaning_es')
      .in('id', glossaryIds);
    if (glossary.error) throw glossary.error;
    const wordOf = new Map(words.data.map((w) => [w.id, w]));
    const entryOf = new Map(glossary.data.map((g) => [g.id, g]));
    return data
      .map(({ meaning_en, meaning_de, meaning_es, ...token }) => {
        const word = token.vocabulary_id ? wordOf.get(token.vocabulary_id) : undefined;
        const entry = token.glossary_id ? entryOf.get(token.glossary_id) : undefined;
        return {
          ...token,
          line_number: lineNumbers.get(token.line_id) ?? 0,
          line_text: lineOf.get(token.line_id)?.text_content ?? '',
          line_translations: {
            en: lineOf.get(token.line_id)?.translation_en ?? null,
            de: lineOf.get(token.line_id)?.translation_de ?? null,
            es: lineOf.get(token.line_id)?.translation_es ?? null,
          },
          meanings: pick(
            { en: meaning_en, de: meaning_de, es: meaning_es },
            word ? { en: word.word_en, de: word.word_de, es: word.word_es } : null,
            entry ? { en: entry.meaning_en, de: entry.meaning_de, es: entry.meaning_es } : null,
          ),
        };
      })
      .sort((a, b) => a.line_number - b.line_number || a.position - b.position);
  };
  let tokens = await read();
  if (tokens.length === 0) {
    const lines = await db
      .from('lesson_transcript')
      .select('id, line_number, text_content, start_time, end_time, slow_start_time, slow_end_time')
      .eq('lesson_id', lessonId)
      .order('line_number');
    if (lines.error) throw lines.error;
    await saveTokens(db, lessonId, lines.data);
    tokens = await read();
  }
  return { lessonId, tokens };
}

export type Played = { src: string; time: number; inDocument: boolean };

/** Records every play() of a media element (its source and position), for "the word played". */
export async function recordPlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const plays: Played[] = [];
    Object.assign(window, { e2ePlays: plays });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const result = play.call(this);
      void result
        .then(() =>
          plays.push({
            src: this.currentSrc || this.src,
            time: this.currentTime,
            inDocument: this.isConnected,
          }),
        )
        .catch(() => undefined);
      return result;
    };
  });
}

export async function plays(page: Page): Promise<Played[]> {
  return page.evaluate(() => (window as unknown as { e2ePlays: Played[] }).e2ePlays);
}
