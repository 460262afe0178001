// A lesson's practice items as this device knows them: the lesson's own rows (transcript and
// words, downloaded with the lesson) joined with the learner's practice state from the server
// (get_practice_items, kept on the device for a downloaded lesson) and with what is still
// waiting in the offline queue. So the Practice tab works offline for a downloaded lesson, also
// when its flashcards were passed offline (the server has not opened its lines yet) or a word
// was first recognised offline (its recall and listening open here at once, as they will there).
import type { LessonRow, TranscriptRow, VocabularyRow } from '../lib/database.ts';
import type { QueuedStep } from '../offline/queue.ts';
import type { PracticeRow } from './practice-cards.ts';

const EMPTY_LINE = {
  line_number: null,
  speaker: null,
  text_content: null,
  translation_en: null,
  translation_de: null,
  translation_es: null,
  start_time: null,
  end_time: null,
  slow_start_time: null,
  slow_end_time: null,
  audio_url: null,
  slow_audio_url: null,
} as const;

const EMPTY_WORD = {
  word_hu: null,
  word_en: null,
  word_de: null,
  word_es: null,
  difficulty: null,
  audio_file_path: null,
} as const;

/** The learner's state of an item in a skill, or "new, never answered" without one. */
function state(stored: PracticeRow | undefined) {
  return {
    is_new: stored?.is_new ?? true,
    due: stored?.due ?? null,
    reps: stored?.reps ?? 0,
    times_correct: stored?.times_correct ?? 0,
  };
}

/**
 * Every practice item of the lesson (recall and listening of its words, dictation and Say it
 * of its lines) open for the learner: lines once `passed`, a word's recall and listening once
 * it was recognised correctly (on the server, or in an answer still queued here).
 */
export function lessonPracticeRows(input: {
  readonly lesson: LessonRow;
  readonly transcript: readonly TranscriptRow[];
  readonly vocabulary: readonly VocabularyRow[];
  readonly stored: readonly PracticeRow[];
  readonly pending: readonly QueuedStep[];
  readonly passed: boolean;
}): PracticeRow[] {
  const { lesson, transcript, vocabulary, stored, pending, passed } = input;
  const byKey = new Map(stored.map((row) => [`${row.item_id}:${row.skill}`, row]));
  const recognised = new Set<string>(
    pending.flatMap((step) => (step.kind === 'answer' && step.correct ? [step.vocabularyId] : [])),
  );
  for (const row of stored) {
    if (row.skill === 'recognition' && (row.times_correct ?? 0) > 0 && row.item_id) {
      recognised.add(row.item_id);
    }
    if ((row.skill === 'recall' || row.skill === 'listening') && row.item_id) {
      recognised.add(row.item_id);
    }
  }
  const rows: PracticeRow[] = [];
  for (const word of vocabulary) {
    if (!recognised.has(word.id)) continue;
    for (const skill of ['recall', 'listening'] as const) {
      if (skill === 'listening' && !word.audio_file_path) continue;
      rows.push({
        ...EMPTY_LINE,
        item_id: word.id,
        kind: 'word',
        skill,
        lesson_id: lesson.id,
        ...state(byKey.get(`${word.id}:${skill}`)),
        word_hu: word.word_hu,
        word_en: word.word_en,
        word_de: word.word_de,
        word_es: word.word_es,
        difficulty: word.difficulty,
        audio_file_path: word.audio_file_path,
      });
    }
  }
  if (!passed) return rows;
  for (const line of transcript) {
    for (const skill of ['dictation', 'speaking'] as const) {
      rows.push({
        ...EMPTY_WORD,
        item_id: line.id,
        kind: 'line',
        skill,
        lesson_id: lesson.id,
        ...state(byKey.get(`${line.id}:${skill}`)),
        line_number: line.line_number,
        speaker: line.speaker,
        text_content: line.text_content,
        translation_en: line.translation_en,
        translation_de: line.translation_de,
        translation_es: line.translation_es,
        start_time: line.start_time,
        end_time: line.end_time,
        slow_start_time: line.slow_start_time,
        slow_end_time: line.slow_end_time,
        audio_url: lesson.audio_url,
        slow_audio_url: lesson.slow_audio_url,
      });
    }
  }
  return rows;
}

/** Due items first (most overdue first), then new ones in lesson order, then the rest by due. */
export function practiceOrder(rows: readonly PracticeRow[], now: Date): PracticeRow[] {
  const rank = (row: PracticeRow) => (row.is_new ? 1 : row.due && new Date(row.due) <= now ? 0 : 2);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const byRank = rank(a.row) - rank(b.row);
      if (byRank !== 0) return byRank;
      if (a.row.is_new) return a.index - b.index;
      return new Date(a.row.due ?? 0).getTime() - new Date(b.row.due ?? 0).getTime();
    })
    .map(({ row }) => row);
}
