import { storedDuration } from '@magyarul/core/lessons';
import { formatTime } from '../../../shared/format-time.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type { FieldValue, RowKind, TranscriptLine, VocabularyWord } from '../../../shared/model.ts';
import type { LessonRow } from '../drafts/lessons-repo.ts';
import type { RowFields } from '../drafts/published-rows-repo.ts';
import type { MineRow, TheirRow } from './row-merge.ts';

/**
 * The server columns publishing compares and writes, per kind of row. A line's number is not
 * among them: the order is the draft's, with the lines taken from the server in their place.
 * is_published is not either: "As" decides it.
 */
export const COLUMNS = {
  lesson: ['lesson_number', 'title', 'description', 'level', 'topic', 'duration', 'audio_url'],
  line: [
    'speaker',
    'text_content',
    'start_time',
    'end_time',
    'translation_en',
    'translation_de',
    'translation_es',
  ],
  word: ['word_hu', 'word_en', 'word_de', 'word_es', 'difficulty', 'audio_file_path'],
} as const satisfies Record<RowKind, readonly string[]>;

/**
 * The columns whose server value the draft can hold. The others name a recording on the server
 * (and the duration measured from it): taking the server's keeps it there, and the draft's own
 * recording is not sent until it changes.
 */
export const TAKEABLE: Readonly<Record<RowKind, readonly string[]>> = {
  lesson: ['lesson_number', 'title', 'description', 'level', 'topic'],
  line: COLUMNS.line,
  word: ['word_hu', 'word_en', 'word_de', 'word_es', 'difficulty'],
};

/** '' (missing) travels as null: the server keeps missing texts null, never blank. */
export const orNull = (text: string): string | null => {
  const clean = text.normalize('NFC').trim();
  return clean === '' ? null : clean;
};

const pick = (row: Readonly<Record<string, unknown>>, columns: readonly string[]): RowFields =>
  Object.fromEntries(columns.map((column) => [column, (row[column] ?? null) as FieldValue]));

const lessonLabel = () => studioMessage('change-row-lesson');

/** The draft's lesson row as the server would store it; `audioUrl` is its dialogue's. */
export function lessonMine(lesson: LessonRow, audioUrl: string | null): MineRow {
  return {
    localId: lesson.id,
    fields: {
      lesson_number: lesson.lesson_number,
      title: lesson.title.normalize('NFC').trim(),
      description: lesson.description.normalize('NFC') || null,
      level: lesson.level,
      topic: lesson.topic.normalize('NFC') || null,
      // Rounded as the player's clock rounds (core's one rule): the header matches the player.
      duration: storedDuration(lesson.duration_seconds),
      audio_url: audioUrl,
    },
    hint: '',
    label: lessonLabel(),
    summary: lesson.title,
    order: 0,
  };
}

export type ServerLessonRow = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly title: string;
  readonly updated_at: string;
};

export function lessonTheirs(row: ServerLessonRow): TheirRow {
  return {
    remoteId: row.id,
    fields: pick(row, COLUMNS.lesson),
    updatedAt: row.updated_at,
    hint: '',
    label: lessonLabel(),
    summary: row.title,
    order: 0,
  };
}

const lineSummary = (fields: RowFields): string => {
  const time = (value: FieldValue) => formatTime(typeof value === 'number' ? value : null);
  const speaker = String(fields.speaker ?? '').toUpperCase();
  return `${speaker}: ${String(fields.text_content ?? '')} (${time(fields.start_time)}–${time(fields.end_time)})`;
};

export function lineMine(line: TranscriptLine): MineRow {
  const fields: RowFields = {
    speaker: line.speaker,
    text_content: line.text.normalize('NFC'),
    start_time: line.startTime,
    end_time: line.endTime,
    translation_en: orNull(line.translationEn),
    translation_de: orNull(line.translationDe),
    translation_es: orNull(line.translationEs),
  };
  return {
    localId: line.id,
    fields,
    hint: String(line.lineNumber),
    label: studioMessage('change-row-line', { n: line.lineNumber }),
    summary: lineSummary(fields),
    order: line.lineNumber,
  };
}

export type ServerLineRow = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly line_number: number;
  readonly updated_at: string;
};

export function lineTheirs(row: ServerLineRow): TheirRow {
  const fields = pick(row, COLUMNS.line);
  return {
    remoteId: row.id,
    fields,
    updatedAt: row.updated_at,
    hint: String(row.line_number),
    label: studioMessage('change-row-line', { n: row.line_number }),
    summary: lineSummary(fields),
    order: row.line_number,
  };
}

/** Words pair by their Hungarian form when the studio has no record (case-insensitive). */
const wordHint = (wordHu: string) => wordHu.normalize('NFC').toLocaleLowerCase('hu');

const wordSummary = (fields: RowFields) =>
  `${String(fields.word_hu ?? '')} — ${String(fields.word_en ?? '')}`;

export function wordMine(word: VocabularyWord, audioPath: string | null): MineRow {
  const fields: RowFields = {
    word_hu: word.wordHu.normalize('NFC'),
    word_en: word.wordEn.normalize('NFC'),
    word_de: orNull(word.wordDe),
    word_es: orNull(word.wordEs),
    difficulty: word.difficulty,
    audio_file_path: audioPath,
  };
  return {
    localId: word.id,
    fields,
    hint: wordHint(word.wordHu),
    label: studioMessage('change-row-word', { word: word.wordHu }),
    summary: wordSummary(fields),
    order: 10_000 + word.position,
  };
}

export type ServerWordRow = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly word_hu: string;
  readonly updated_at: string;
  readonly created_seq: number;
};

export function wordTheirs(row: ServerWordRow): TheirRow {
  const fields = pick(row, COLUMNS.word);
  return {
    remoteId: row.id,
    fields,
    updatedAt: row.updated_at,
    hint: wordHint(row.word_hu),
    label: studioMessage('change-row-word', { word: row.word_hu }),
    summary: wordSummary(fields),
    order: 10_000 + row.created_seq,
  };
}
