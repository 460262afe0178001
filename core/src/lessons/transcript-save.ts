import { t } from '../messages/index.ts';
import { toSpeaker } from './speakers.ts';
import type { EditorLine } from './transcript-merge.ts';
import { validateTimings, type TimingIssue } from './transcript-times.ts';
import {
  LINE_TRANSLATION_COLUMN,
  TRANSLATION_LANGUAGES,
  storedTranslation,
  type LineTranslations,
} from './translations.ts';

/** A transcript row as read from lesson_transcript (the columns the editors know). */
export type StoredTranscriptLine = LineTranslations & {
  readonly id: string;
  readonly line_number: number;
  readonly speaker: string;
  readonly text_content: string;
  readonly start_time: number | null;
  readonly end_time: number | null;
};

/** One line of a save: `id` null for a new line. Columns not listed here are never written. */
export type TranscriptSaveLine = LineTranslations & {
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

export type TranscriptLineIssue =
  | TimingIssue
  | {
      readonly code: 'empty-text' | 'unknown-speaker';
      readonly index: number;
      readonly field: 'text' | 'speaker';
      readonly key: 'timing.emptyText' | 'timing.unknownSpeaker';
      readonly params: { readonly n: number; readonly value?: string };
      readonly message: string;
    };

/** Everything that would stop a save: empty texts, unknown speakers, then the timing rules. */
export function checkTranscript(
  lines: readonly EditorLine[],
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
        key: 'timing.unknownSpeaker',
        params,
        message: t('timing.unknownSpeaker', params),
      });
    }
    if (line.text_content.trim() === '') {
      issues.push({
        code: 'empty-text',
        index,
        field: 'text',
        key: 'timing.emptyText',
        params: { n },
        message: t('timing.emptyText', { n }),
      });
    }
  });
  return [...issues, ...validateTimings(lines, audioSeconds)];
}

// A field the editor did not change goes back exactly as read; a changed one in stored form.
function keepOrStore(value: string | null, original: string | null | undefined): string | null {
  if (original !== undefined && value === original) return original;
  return storedTranslation(value);
}

/**
 * The rows a save sends, and whether anything differs from what was read. Unchanged lines go
 * back exactly as read (and the database then leaves them untouched); changed texts and
 * translations are NFC-normalised and trimmed, empty translations become null. Line numbers
 * stay as read while the lines keep their order; after an insert, delete or move they are
 * renumbered from 1.
 */
export function transcriptSavePlan(
  lines: readonly EditorLine[],
  original: readonly StoredTranscriptLine[],
): { readonly changed: boolean; readonly lines: TranscriptSaveLine[] } {
  const byId = new Map(original.map((row) => [row.id, row]));
  const ordered = [...original].sort((a, b) => a.line_number - b.line_number);
  const sameOrder =
    lines.length === ordered.length && lines.every((line, i) => line.id === ordered[i]?.id);
  const rows = lines.map((line, index): TranscriptSaveLine => {
    const was = line.id === null ? undefined : byId.get(line.id);
    const translations = {} as Record<keyof LineTranslations, string | null>;
    for (const language of TRANSLATION_LANGUAGES) {
      const column = LINE_TRANSLATION_COLUMN[language];
      translations[column] = keepOrStore(line[column], was?.[column]);
    }
    const text =
      was && line.text_content === was.text_content
        ? was.text_content
        : line.text_content.normalize('NFC').trim();
    return {
      id: was ? line.id : null,
      line_number: sameOrder && was ? was.line_number : index + 1,
      speaker: toSpeaker(line.speaker) ?? line.speaker,
      text_content: text,
      start_time: line.start_time,
      end_time: line.end_time,
      ...translations,
    };
  });
  const changed =
    !sameOrder ||
    rows.some((row) => {
      const was = row.id === null ? undefined : byId.get(row.id);
      if (!was) return true;
      return (
        row.speaker !== was.speaker ||
        row.text_content !== was.text_content ||
        row.start_time !== was.start_time ||
        row.end_time !== was.end_time ||
        row.translation_en !== was.translation_en ||
        row.translation_de !== was.translation_de ||
        row.translation_es !== was.translation_es
      );
    });
  return { changed, lines: rows };
}
