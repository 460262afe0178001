import { randomUUID } from 'node:crypto';
import type { Database } from '../../../../../supabase/types/database.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type { RowKind } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { BaseRow } from '../drafts/published-rows-repo.ts';
import type { LessonComparison, LinkedLesson } from './lesson-compare.ts';
import { LEGACY_ITEM, rowsItem } from './lesson-compare.ts';
import { hashJson } from './remote-ids.ts';
import { check } from './results.ts';
import { recordOf } from './row-merge.ts';
import type { MineRow } from './row-merge.ts';
import type { StudioClient } from './session.ts';

type Tables = Database['public']['Tables'];
type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged'> };

const changedMeanwhile = (what: 'lesson' | 'transcript' | 'vocabulary') =>
  new Error(studioMessage('changed-meanwhile', { what }));

/**
 * The steps that bring the lesson's row, lines and words to the server, from the comparison
 * made before anything was sent (`comparison`, with the author's choices applied): only the
 * columns it says to write are written, each row only if the server still has it as read
 * (updated_at; the transcript through save_lesson_transcript's `_expected`), so an edit made on
 * the web meanwhile fails the step instead of being overwritten. After each step the studio
 * records every row as sent and as the server now has it, for the next comparison.
 */
export function rowSteps(
  store: DraftsStore,
  client: StudioClient,
  lesson: LinkedLesson,
  comparison: LessonComparison,
  isPublished: boolean,
): Step[] {
  const remoteId = lesson.remote_id;
  const { snapshot } = comparison;
  const record = (kind: RowKind, rows: readonly BaseRow[]) =>
    store.db.transaction(() => {
      store.publishedRows.replace(lesson.id, kind, rows);
      store.published.put(lesson.id, {
        item: rowsItem(kind),
        contentHash: hashJson(rows),
        remoteRef: remoteId,
      });
      store.published.remove(lesson.id, LEGACY_ITEM[kind]);
    });

  const lessonStep: Step = {
    item: 'lesson',
    run: async () => {
      const merge = comparison.lesson;
      const status = isPublished ? 'published' : 'draft';
      const pair = merge.pairs[0];
      if (!snapshot.lesson) {
        const mine = merge.inserts[0];
        if (!mine) throw new Error(studioMessage('not-found'));
        const row = { id: remoteId, ...mine.fields, is_published: isPublished };
        check(
          await client.from('lessons').upsert(row as Tables['lessons']['Insert'], {
            onConflict: 'id',
          }),
        );
        record('lesson', recordOf(merge, new Map([[mine.localId, remoteId]])));
        store.lessons.setRemote(lesson.id, remoteId, status);
        return 'uploaded';
      }
      // The comparison always pairs a lesson the server has; never overwrite it whole.
      if (!pair) throw new Error(studioMessage('changed-meanwhile', { what: 'lesson' }));
      const patch = {
        ...pair.write,
        ...(snapshot.lesson.is_published === isPublished ? {} : { is_published: isPublished }),
      };
      if (Object.keys(patch).length > 0) {
        const updated = check(
          await client
            .from('lessons')
            .update(patch as Tables['lessons']['Update'])
            .eq('id', remoteId)
            .eq('updated_at', snapshot.lesson.updated_at)
            .select('id'),
        );
        if (!updated?.length) throw changedMeanwhile('lesson');
      }
      record('lesson', recordOf(merge, new Map()));
      store.lessons.setRemote(lesson.id, remoteId, status);
      return Object.keys(patch).length > 0 ? 'uploaded' : 'unchanged';
    },
  };

  const transcriptStep: Step = {
    item: 'transcript',
    run: async () => {
      const merge = comparison.lines;
      // The draft's order as compared: lines kept on the server and lines new to it.
      const rows: { mine: MineRow; id: string | null; fields: object; writes: boolean }[] = [
        ...merge.pairs.map((pair) => ({
          mine: pair.mine,
          id: pair.theirs.remoteId,
          fields: { ...pair.theirs.fields, ...pair.write },
          writes: Object.keys(pair.write).length > 0,
        })),
        ...merge.inserts.map((mine) => ({ mine, id: null, fields: mine.fields, writes: true })),
      ].sort((a, b) => a.mine.order - b.mine.order);
      // save_lesson_transcript deletes every line it is not given: a server line that is
      // neither kept nor meant to go stops the step before anything is written.
      const accounted = new Set([
        ...merge.pairs.map((pair) => pair.theirs.remoteId),
        ...merge.deletes.map((row) => row.remoteId),
      ]);
      if (snapshot.lines.some((line) => !accounted.has(line.id))) {
        throw new Error(studioMessage('changed-meanwhile', { what: 'transcript' }));
      }
      const payload = rows.map((row, index) => ({
        id: row.id,
        line_number: index + 1,
        ...row.fields,
      }));
      const renumbered = merge.pairs.some(
        (pair) => pair.theirs.order !== rows.findIndex((row) => row.mine === pair.mine) + 1,
      );
      if (!renumbered && merge.deletes.length === 0 && !rows.some((row) => row.writes)) {
        record('line', recordOf(merge, new Map()));
        return 'unchanged';
      }
      const { data, error } = await client.rpc('save_lesson_transcript', {
        _lesson_id: remoteId,
        _lines: payload,
        _expected: snapshot.lines.map((line) => ({ id: line.id, updated_at: line.updated_at })),
      });
      if (error?.code === '40001') throw changedMeanwhile('transcript');
      if (error) throw new Error(error.message);
      const idAt = new Map(data.map((line) => [line.line_number, line.id]));
      const inserted = new Map(
        rows.flatMap((row, index) => {
          const id = idAt.get(index + 1);
          return row.id === null && id !== undefined ? [[row.mine.localId, id] as const] : [];
        }),
      );
      record('line', recordOf(merge, inserted));
      return 'uploaded';
    },
  };

  const vocabularyStep: Step = {
    item: 'vocabulary',
    run: async () => {
      const merge = comparison.words;
      const table = () => client.from('lesson_vocabulary');
      // Deleted first: a word re-added under the same Hungarian form is then a new row.
      for (const row of merge.deletes) {
        const gone = check(
          await table()
            .delete()
            .eq('id', row.remoteId)
            .eq('updated_at', row.updatedAt)
            .select('id'),
        );
        const still = gone?.length ? [] : check(await table().select('id').eq('id', row.remoteId));
        if (still?.length) {
          throw changedMeanwhile('vocabulary');
        }
      }
      for (const pair of merge.pairs) {
        if (Object.keys(pair.write).length === 0) continue;
        const updated = check(
          await table()
            .update(pair.write as Tables['lesson_vocabulary']['Update'])
            .eq('id', pair.theirs.remoteId)
            .eq('updated_at', pair.theirs.updatedAt)
            .select('id'),
        );
        if (!updated?.length) throw changedMeanwhile('vocabulary');
      }
      // A run that stops after this insert finds the rows again by their content (mergeRows).
      const inserted = new Map(merge.inserts.map((row) => [row.localId, randomUUID()]));
      if (merge.inserts.length > 0) {
        const rows = merge.inserts.map((row) => ({
          id: inserted.get(row.localId),
          lesson_id: remoteId,
          ...row.fields,
        }));
        check(await table().insert(rows as Tables['lesson_vocabulary']['Insert'][]));
      }
      record('word', recordOf(merge, inserted));
      const sent =
        merge.deletes.length + merge.inserts.length > 0 ||
        merge.pairs.some((pair) => Object.keys(pair.write).length > 0);
      return sent ? 'uploaded' : 'unchanged';
    },
  };

  return [lessonStep, transcriptStep, vocabularyStep];
}
