import type { FieldValue, LineInput, LinePatch, TranscriptLine } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { RowFields } from '../drafts/published-rows-repo.ts';
import type { ServerWordTexts } from '../drafts/words-repo.ts';
import type { LessonComparison, LinkedLesson, Taken } from './lesson-compare.ts';
import { TAKEABLE } from './row-fields.ts';
import type { TheirRow } from './row-merge.ts';

const text = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');
const time = (value: FieldValue | undefined): number | null =>
  typeof value === 'number' ? value : null;

/** The columns of `set` the draft can hold (see TAKEABLE). */
const takeable = (kind: 'lesson' | 'line' | 'word', set: RowFields) =>
  Object.entries(set).filter(([column]) => TAKEABLE[kind].includes(column));

function linePatch(set: RowFields): LinePatch {
  const patch: Record<string, string | number | null> = {};
  for (const [column, value] of takeable('line', set)) {
    if (column === 'speaker') patch.speaker = text(value);
    if (column === 'text_content') patch.text = text(value);
    if (column === 'start_time') patch.startTime = time(value);
    if (column === 'end_time') patch.endTime = time(value);
    if (column === 'translation_en') patch.translationEn = text(value);
    if (column === 'translation_de') patch.translationDe = text(value);
    if (column === 'translation_es') patch.translationEs = text(value);
  }
  return patch as LinePatch;
}

const lineInput = (line: TranscriptLine): LineInput => ({
  id: line.id,
  speaker: line.speaker,
  text: line.text,
  startTime: line.startTime,
  endTime: line.endTime,
  translationEn: line.translationEn,
  translationDe: line.translationDe,
  translationEs: line.translationEs,
});

function wordTexts(set: RowFields): ServerWordTexts {
  const texts: Record<string, string> = {};
  for (const [column, value] of takeable('word', set)) {
    if (column === 'word_hu') texts.wordHu = text(value);
    if (column === 'word_en') texts.wordEn = text(value);
    if (column === 'word_de') texts.wordDe = text(value);
    if (column === 'word_es') texts.wordEs = text(value);
    if (column === 'difficulty') texts.difficulty = text(value);
  }
  return texts;
}

/**
 * The lines after taking the server's: lines the server deleted are dropped, and each server
 * line taken goes after the draft line that holds the server line before it (first if none).
 * Returns the server lines now in the draft.
 */
function takeLines(
  store: DraftsStore,
  lessonId: number,
  comparison: LessonComparison,
): Map<string, number> {
  const { lines } = comparison;
  if (lines.takeRows.length === 0 && lines.dropRows.length === 0) return new Map();
  const localOf = new Map(lines.pairs.map((pair) => [pair.theirs.remoteId, pair.mine.localId]));
  const dropped = new Set(lines.dropRows);
  const slots: { input: LineInput; remote: string | null }[] = store.lines
    .listForLesson(lessonId)
    .filter((line) => !dropped.has(line.id))
    .map((line) => ({ input: lineInput(line), remote: null }));
  const holds = (slot: (typeof slots)[number], remoteId: string) =>
    slot.remote === remoteId || (slot.input.id !== null && slot.input.id === localOf.get(remoteId));
  for (const row of [...lines.takeRows].sort((a, b) => a.order - b.order)) {
    const before = comparison.snapshot.lines
      .filter((line) => line.line_number < row.order)
      .reverse()
      .map((line) => slots.findIndex((slot) => holds(slot, line.id)))
      .find((index) => index >= 0);
    slots.splice(before === undefined ? 0 : before + 1, 0, {
      input: { id: null, ...fromServerLine(row) },
      remote: row.remoteId,
    });
  }
  const saved = store.lines.setLines(
    lessonId,
    slots.map((slot) => slot.input),
  );
  return new Map(
    slots.flatMap((slot, index) => {
      const id = saved[index]?.id;
      return slot.remote !== null && id !== undefined ? [[slot.remote, id] as const] : [];
    }),
  );
}

const fromServerLine = (row: TheirRow): Omit<LineInput, 'id'> => ({
  speaker: text(row.fields.speaker),
  text: text(row.fields.text_content),
  startTime: time(row.fields.start_time),
  endTime: time(row.fields.end_time),
  translationEn: text(row.fields.translation_en),
  translationDe: text(row.fields.translation_de),
  translationEs: text(row.fields.translation_es),
});

/**
 * Applies the author's "take the server's" choices to the draft in one transaction: the
 * server's values into the lesson, its lines and words; server rows added to it; rows the
 * server deleted dropped. `forget`: the server deleted the lesson and the author took that, so
 * the draft is no longer linked to it.
 */
export function takeServerChoices(
  store: DraftsStore,
  lesson: LinkedLesson,
  comparison: LessonComparison,
): Taken & { forget: boolean } {
  return store.db.transaction(() => {
    if (comparison.lesson.dropRows.length > 0) {
      store.lessons.forgetRemote(lesson.id);
      return { forget: true, line: new Map(), word: new Map() };
    }
    for (const { set } of comparison.lesson.takeFields) {
      const patch: Record<string, string | number | null> = {};
      for (const [column, value] of takeable('lesson', set)) {
        if (column === 'lesson_number') patch.lessonNumber = time(value);
        if (column === 'title') patch.title = text(value);
        if (column === 'description') patch.description = text(value);
        if (column === 'level') patch.level = text(value);
        if (column === 'topic') patch.topic = text(value);
      }
      if (Object.keys(patch).length > 0) store.lessons.update(lesson.id, patch);
    }
    for (const { localId, set } of comparison.lines.takeFields) {
      const patch = linePatch(set);
      if (Object.keys(patch).length > 0) store.lines.update(localId, patch);
    }
    const line = takeLines(store, lesson.id, comparison);
    for (const { localId, set } of comparison.words.takeFields) {
      const texts = wordTexts(set);
      if (Object.keys(texts).length > 0) store.words.setTexts(localId, texts);
    }
    for (const localId of comparison.words.dropRows) store.words.remove(localId);
    const word = new Map(
      comparison.words.takeRows.map((row) => {
        const texts = wordTexts(row.fields);
        const id = store.words.add(lesson.id, {
          wordHu: texts.wordHu ?? '',
          wordEn: texts.wordEn ?? '',
          wordDe: texts.wordDe,
          wordEs: texts.wordEs,
          difficulty: texts.difficulty ?? 'beginner',
          audioFile: null,
          matchLevel: null,
        });
        return [row.remoteId, id] as const;
      }),
    );
    return { forget: false, line, word };
  });
}
