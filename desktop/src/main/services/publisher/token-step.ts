import type { LexiconEntry, MorphologyPort } from '@magyarul/core/tokens';
import {
  glossaryLinkOf,
  morphologyFromReadings,
  proposalRow,
  proposeTokens,
  wordsToAnalyse,
} from '@magyarul/core/tokens';
import type { Choice, LineToken, TokenEdit } from '../../../shared/model.ts';
import type { Logger } from '../../dispatch.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { Readings } from '../spelling/hunspell-analyser.ts';
import type { LinkedLesson } from './lesson-compare.ts';
import { check } from './results.ts';
import type { StudioClient } from './session.ts';
import type { ServerToken } from './token-sync.ts';
import { authorHash, pairLines, pendingEdits } from './token-sync.ts';

type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged'> };

/** The analyser the proposals ask (the studio's spelling thread); without one, none is used. */
export type WordAnalyser = {
  readonly analyse: ((words: readonly string[]) => Promise<Readings>) | undefined;
  readonly log: Logger;
};

/**
 * The analyser's readings of every word of `texts`, asked in one request, as proposeTokens'
 * port; undefined (the plain proposal: the lesson's words, the glossary, common endings) when
 * there is no analyser or it fails, which is logged: a publish never waits on it.
 */
async function morphologyFor(
  texts: readonly string[],
  analyser: WordAnalyser,
): Promise<MorphologyPort | undefined> {
  const words = wordsToAnalyse(texts);
  if (!analyser.analyse || words.length === 0) return undefined;
  try {
    const readings = await analyser.analyse(words);
    return morphologyFromReadings(new Map(Object.entries(readings)));
  } catch (error) {
    analyser.log('The word analyser failed; proposing without it', { error });
    return undefined;
  }
}

/** The draft's word times of one word, as the server's columns. */
function timesOf(token: LineToken | undefined) {
  const { normal, slow, natural } = token?.times ?? {};
  const pair = (span: { start: number | null; end: number | null } | undefined) =>
    span && span.start !== null && span.end !== null ? [span.start, span.end] : [null, null];
  const [start_time, end_time] = pair(normal);
  const [slow_start_time, slow_end_time] = pair(slow);
  const [natural_start_time, natural_end_time] = pair(natural);
  return {
    start_time,
    end_time,
    slow_start_time,
    slow_end_time,
    natural_start_time,
    natural_end_time,
  };
}

type ServerFields = Omit<ServerToken, 'id' | 'line_id' | 'created_at' | 'updated_at'>;

const fieldsOf = ({
  id: _id,
  line_id: _line,
  created_at: _created,
  updated_at: _updated,
  ...fields
}: ServerToken): ServerFields => fields;

/** A studio edit as the server's columns; its lesson word found by its Hungarian form. */
function editFields(
  edit: TokenEdit,
  remoteWord: (localId: number) => string | null,
): Partial<ServerFields> {
  return {
    lemma: edit.lemma,
    grammar_notes: [...edit.grammarNotes] as ServerFields['grammar_notes'],
    vocabulary_id: edit.wordId === null ? null : remoteWord(edit.wordId),
    meaning_en: edit.meaningEn,
    meaning_de: edit.meaningDe,
    meaning_es: edit.meaningEs,
    is_name: edit.isName,
    confirmed: edit.confirmed,
  };
}

/**
 * The step that brings the lines' words to the server after the transcript (DESIGN §12.3; issue
 * 28 point 6, issue 31 point 4): for each server line whose text is a draft line's, the word
 * times the studio aligned and the author's word edits made in the studio since its last
 * publish. A line the server already has tokens for keeps everything an author set on the web
 * (dictionary forms, meanings, links, confirmations) except the words the studio edited, and
 * takes the studio's times; a line without tokens (new, or its text changed) gets proposed ones
 * (the lesson's words, the glossary) with the studio's edits and times. A line whose words the
 * web changed too is a conflict (token-sync.ts): `choices` says the author's side ('server'
 * drops the studio's edits of it). Lines whose tokens would not change are not sent. After it,
 * the server lines' word hashes are recorded and the sent edits are no longer pending.
 */
export function tokenStep(
  store: DraftsStore,
  client: StudioClient,
  lesson: LinkedLesson,
  choices: ReadonlyMap<string, Choice>,
  analyser: WordAnalyser,
): Step {
  return {
    item: 'words of lines',
    run: async () => {
      const remoteId = lesson.remote_id;
      const serverLines = (check(
        await client
          .from('lesson_transcript')
          .select('id, line_number, text_content')
          .eq('lesson_id', remoteId)
          .order('line_number'),
      ) ?? []) as { id: string; line_number: number; text_content: string }[];
      if (serverLines.length === 0) {
        store.tokens.recordPublished(lesson.id, new Map());
        return 'unchanged';
      }
      const serverTokens = (check(
        await client
          .from('transcript_tokens')
          .select('*')
          .in(
            'line_id',
            serverLines.map((l) => l.id),
          ),
      ) ?? []) as ServerToken[];
      const words = (check(
        await client.from('lesson_vocabulary').select('id, word_hu').eq('lesson_id', remoteId),
      ) ?? []) as { id: string; word_hu: string }[];
      const glossary = (check(await client.from('glossary_entries').select('id, lemma')) ??
        []) as LexiconEntry[];
      const vocabulary: LexiconEntry[] = words.map((w) => ({ id: w.id, lemma: w.word_hu }));

      // The draft's lesson words by id, matched to the server's by their Hungarian form.
      const serverWord = new Map(words.map((w) => [w.word_hu.normalize('NFC'), w.id]));
      const draftWords = new Map(
        store.words.listForLesson(lesson.id).map((w) => [w.id, w.wordHu.normalize('NFC')]),
      );
      const remoteWord = (localId: number) => serverWord.get(draftWords.get(localId) ?? '') ?? null;

      // The lines without server tokens get proposed ones: their words are analysed at once.
      const proposed = serverLines.filter((l) => !serverTokens.some((t) => t.line_id === l.id));
      const morphology = await morphologyFor(
        proposed.map((l) => l.text_content),
        analyser,
      );

      const pairs = pairLines(store, lesson.id, serverLines);
      const draftTokens = new Map(store.tokens.listForLesson(lesson.id).map((l) => [l.lineId, l]));
      const saves = [];
      const hashes = new Map<string, string>();
      const sent: number[] = [];
      for (const line of serverLines) {
        const draftId = pairs.get(line.id);
        const mine = draftId === undefined ? [] : (draftTokens.get(draftId)?.tokens ?? []);
        if (draftId !== undefined && choices.get(line.id) === 'server') {
          store.tokens.dropPendingEdits(draftId);
        }
        const edits = choices.get(line.id) === 'server' ? [] : pendingEdits(mine);
        const editOf = (position: number, text: string) =>
          edits.find((m) => m.position === position && m.text === text)?.edit;
        const withEdit = (fields: ServerFields): ServerFields => {
          const edit = editOf(fields.position, fields.text);
          if (!edit) return fields;
          // A changed dictionary form takes the glossary entry of that form, or none.
          const glossary_id = glossaryLinkOf(edit.lemma, fields, glossary);
          return { ...fields, ...editFields(edit, remoteWord), glossary_id };
        };
        const theirs = serverTokens
          .filter((t) => t.line_id === line.id)
          .sort((a, b) => a.position - b.position);
        const next: ServerFields[] =
          theirs.length > 0
            ? theirs.map((t) => {
                const draft = mine.find((m) => m.position === t.position && m.text === t.text);
                return withEdit(
                  draft && draft.times.normal.start !== null
                    ? { ...fieldsOf(t), ...timesOf(draft) }
                    : fieldsOf(t),
                );
              })
            : proposeTokens(line.text_content, { vocabulary, glossary, morphology }).map((p) =>
                withEdit({
                  ...proposalRow(p),
                  ...timesOf(mine.find((m) => m.position === p.position && m.text === p.text)),
                }),
              );
        const unchanged =
          theirs.length === next.length &&
          theirs.every((t, i) => JSON.stringify(fieldsOf(t)) === JSON.stringify(next[i]));
        if (!unchanged)
          saves.push({ line_id: line.id, text_content: line.text_content, tokens: next });
        hashes.set(
          line.id,
          authorHash(next.map((fields) => ({ ...fields, line_id: line.id }) as ServerToken)),
        );
        if (draftId !== undefined && edits.length > 0) sent.push(draftId);
      }
      if (saves.length > 0) {
        check(await client.rpc('save_line_tokens', { _lesson_id: remoteId, _lines: saves }));
      }
      store.db.transaction(() => {
        store.tokens.recordPublished(lesson.id, hashes);
        store.tokens.markEditsSent(sent);
      });
      return saves.length > 0 ? 'uploaded' : 'unchanged';
    },
  };
}
