import { message } from '../messages/index.ts';
import { toSpeaker } from './speakers.ts';
import type { EditorLine } from './transcript-merge.ts';
import { validateTimings, type TimingIssue } from './transcript-times.ts';
import { DEFAULT_LINE_LENGTH_SECONDS, DEFAULT_LINE_SPACING_SECONDS } from './transcript-timing.ts';
import {
  LINE_TRANSLATION_COLUMN,
  TRANSLATION_LANGUAGES,
  storedTranslation,
  type LineTranslationColumns,
} from './translations.ts';

/** A transcript row as read from lesson_transcript (the columns the editors know). */
export type StoredTranscriptLine = LineTranslationColumns & {
  readonly id: string;
  readonly line_number: number;
  readonly speaker: string;
  readonly text_content: string;
  readonly start_time: number | null;
  readonly end_time: number | null;
};

/** One line of a save: `id` null for a new line. Columns not listed here are never written. */
export type TranscriptSaveLine = LineTranslationColumns & {
  readonly id: string | null;
  readonly line_number: number;
  readonly speaker: string;
  readonly text_content: string;
  readonly start_time: number | null;
  readonly end_time: number | null;
};

/** The editor's lines for stored rows, in line order; each keeps its id as its key. */
export function toEditorLines(rows: readonly StoredTranscriptLine[]): EditorLine[] {
  return [...rows]
    .sort((a, b) => a.line_number - b.line_number)
    .map((row) => ({
      key: row.id,
      id: row.id,
      speaker: row.speaker,
      text_content: row.text_content,
      start_time: row.start_time,
      end_time: row.end_time,
      translation_en: row.translation_en,
      translation_de: row.translation_de,
      translation_es: row.translation_es,
    }));
}

type TextIssue = {
  readonly code: 'empty-text' | 'unknown-speaker';
  readonly index: number;
  readonly field: 'text' | 'speaker';
  readonly key: 'timing.emptyText' | 'timing.unknownSpeaker';
  readonly params: { readonly n: number; readonly value?: string };
  readonly message: string;
};

/**
 * A problem that stops a save (`blocking`), or one the stored transcript already had in lines
 * this save does not touch (shown, not enforced: a text edit is not held hostage by old times).
 */
export type TranscriptLineIssue = (TimingIssue | TextIssue) & { readonly blocking: boolean };

// A field the editor did not change goes back exactly as read; a changed one in stored form.
function keepOrStore(value: string | null, original: string | null | undefined): string | null {
  if (original !== undefined && value === original) return original;
  return storedTranslation(value);
}

function timesDiffer(
  row: Pick<TranscriptSaveLine, 'start_time' | 'end_time'>,
  was: StoredTranscriptLine | undefined,
): boolean {
  return !was || row.start_time !== was.start_time || row.end_time !== was.end_time;
}

function contentDiffers(row: TranscriptSaveLine, was: StoredTranscriptLine | undefined): boolean {
  return (
    !was ||
    row.speaker !== was.speaker ||
    row.text_content !== was.text_content ||
    timesDiffer(row, was) ||
    row.translation_en !== was.translation_en ||
    row.translation_de !== was.translation_de ||
    row.translation_es !== was.translation_es
  );
}

export type TranscriptSavePlan = {
  /** False when the save would send back exactly what was read (then nothing is sent). */
  readonly changed: boolean;
  readonly lines: TranscriptSaveLine[];
  /** Per line: its times are new in this save (typed, or the default given to it now). */
  readonly timesTouched: boolean[];
};

/**
 * The rows a save sends, and whether anything differs from what was read. Unchanged lines go
 * back exactly as read (and the database then leaves them untouched); changed texts and
 * translations are NFC-normalised and trimmed, empty translations become null. A new or edited
 * line that has no time gets the spec's default (5 s × its index, 4 s long); a stored line
 * nobody touched keeps what it has, even no time. Line numbers stay as read while the lines
 * keep their order; after an insert, delete or move they are renumbered from 1.
 */
export function transcriptSavePlan(
  lines: readonly EditorLine[],
  original: readonly StoredTranscriptLine[],
): TranscriptSavePlan {
  const byId = new Map(original.map((row) => [row.id, row]));
  const ordered = [...original].sort((a, b) => a.line_number - b.line_number);
  const sameOrder =
    lines.length === ordered.length && lines.every((line, i) => line.id === ordered[i]?.id);
  const rows = lines.map((line, index): TranscriptSaveLine => {
    const was = line.id === null ? undefined : byId.get(line.id);
    const translations = {} as Record<keyof LineTranslationColumns, string | null>;
    for (const language of TRANSLATION_LANGUAGES) {
      const column = LINE_TRANSLATION_COLUMN[language];
      translations[column] = keepOrStore(line[column], was?.[column]);
    }
    const text =
      was && line.text_content === was.text_content
        ? was.text_content
        : line.text_content.normalize('NFC').trim();
    const row: TranscriptSaveLine = {
      id: was ? line.id : null,
      line_number: sameOrder && was ? was.line_number : index + 1,
      speaker: toSpeaker(line.speaker) ?? line.speaker,
      text_content: text,
      start_time: line.start_time,
      end_time: line.end_time,
      ...translations,
    };
    if (row.start_time === null && row.end_time === null && contentDiffers(row, was)) {
      const start = index * DEFAULT_LINE_SPACING_SECONDS;
      return { ...row, start_time: start, end_time: start + DEFAULT_LINE_LENGTH_SECONDS };
    }
    return row;
  });
  const changed =
    !sameOrder ||
    rows.some((row) => contentDiffers(row, row.id === null ? undefined : byId.get(row.id)));
  const timesTouched = rows.map((row) =>
    timesDiffer(row, row.id === null ? undefined : byId.get(row.id)),
  );
  return { changed, lines: rows, timesTouched };
}

/**
 * Everything wrong with the transcript a save would store: unknown speakers and empty texts
 * (always blocking), and the timing rules over the times it would store (defaults included).
 * A timing problem blocks when it involves a line whose times this save sets; one between
 * lines nobody retimed is reported as not blocking.
 */
export function checkTranscript(
  lines: readonly EditorLine[],
  original: readonly StoredTranscriptLine[],
  audioSeconds: number | null,
): TranscriptLineIssue[] {
  const issues: TranscriptLineIssue[] = [];
  lines.forEach((line, index) => {
    const n = index + 1;
    if (toSpeaker(line.speaker) === null) {
      const params = { n, value: line.speaker };
      issues.push({
        code: 'unknown-speaker',
        index,
        field: 'speaker',
        ...message('timing.unknownSpeaker', params),
        key: 'timing.unknownSpeaker',
        params,
        blocking: true,
      });
    }
    if (line.text_content.trim() === '') {
      issues.push({
        code: 'empty-text',
        index,
        field: 'text',
        ...message('timing.emptyText', { n }),
        key: 'timing.emptyText',
        params: { n },
        blocking: true,
      });
    }
  });
  const plan = transcriptSavePlan(lines, original);
  for (const issue of validateTimings(plan.lines, audioSeconds)) {
    const other = issue.code === 'overlap' ? Number(issue.params.m) - 1 : -1;
    const blocking =
      plan.timesTouched[issue.index] === true || (other >= 0 && plan.timesTouched[other] === true);
    issues.push({ ...issue, blocking });
  }
  return issues;
}
