import type { LexiconEntry } from '@magyarul/core/tokens';
import { proposalRow, proposeTokens } from '@magyarul/core/tokens';
import type { Database } from '../../../../../supabase/types/database.ts';
import type { LineToken } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LinkedLesson } from './lesson-compare.ts';
import { check } from './results.ts';
import type { StudioClient } from './session.ts';

type ServerToken = Database['public']['Tables']['transcript_tokens']['Row'];
type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged'> };

const nfc = (text: string) => text.normalize('NFC');

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

/**
 * The step that brings the lines' words to the server after the transcript (DESIGN §12.3; issue
 * 28 point 6): for each server line whose text is a draft line's, the word times the studio
 * aligned. A line the server already has tokens for keeps everything an author set on the web
 * (dictionary forms, meanings, links, confirmations) and only takes the studio's times; a line
 * without tokens (new, or its text changed) gets proposed ones (the lesson's words, the
 * glossary) with the studio's times. Lines whose tokens would not change are not sent.
 */
export function tokenStep(store: DraftsStore, client: StudioClient, lesson: LinkedLesson): Step {
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
      if (serverLines.length === 0) return 'unchanged';
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

      // Draft lines by text, in order, so two lines with the same text pair up in turn.
      const draftTokens = new Map(store.tokens.listForLesson(lesson.id).map((l) => [l.lineId, l]));
      const byText = new Map<string, number[]>();
      for (const line of store.lines.listForLesson(lesson.id)) {
        const list = byText.get(nfc(line.text)) ?? [];
        list.push(line.id);
        byText.set(nfc(line.text), list);
      }

      const saves = [];
      for (const line of serverLines) {
        const draftId = byText.get(nfc(line.text_content))?.shift();
        const mine = draftId === undefined ? [] : (draftTokens.get(draftId)?.tokens ?? []);
        const theirs = serverTokens
          .filter((t) => t.line_id === line.id)
          .sort((a, b) => a.position - b.position);
        const next: ServerFields[] =
          theirs.length > 0
            ? theirs.map((t) => {
                const draft = mine.find((m) => m.position === t.position && m.text === t.text);
                return draft && draft.times.normal.start !== null
                  ? { ...fieldsOf(t), ...timesOf(draft) }
                  : fieldsOf(t);
              })
            : proposeTokens(line.text_content, { vocabulary, glossary }).map((p) => ({
                ...proposalRow(p),
                ...timesOf(mine.find((m) => m.position === p.position && m.text === p.text)),
              }));
        const unchanged =
          theirs.length === next.length &&
          theirs.every((t, i) => JSON.stringify(fieldsOf(t)) === JSON.stringify(next[i]));
        if (!unchanged)
          saves.push({ line_id: line.id, text_content: line.text_content, tokens: next });
      }
      if (saves.length === 0) return 'unchanged';
      check(await client.rpc('save_line_tokens', { _lesson_id: remoteId, _lines: saves }));
      return 'uploaded';
    },
  };
}
