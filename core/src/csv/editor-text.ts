import { normaliseNewlines } from './records.ts';
import type { TranscriptLine } from './review-transcript.ts';
import { csvIssue, type CsvIssue, type CsvResult } from './types.ts';

/**
 * The review page's transcript text area: one 'SPEAKER: text' per line, split at the first
 * colon (so 'ANNA: Hány óra van? 10:30' keeps its time). Lines without a colon, or with an empty
 * speaker or text, are dropped and reported; the rest are renumbered from 1. Speakers are stored
 * lower-case.
 */
export function parseTranscriptEditorText(text: string): CsvResult<TranscriptLine> {
  const items: TranscriptLine[] = [];
  const issues: CsvIssue[] = [];
  const lines = normaliseNewlines(text.replace(/^\uFEFF/, '')).split('\n');
  lines.forEach((raw, index) => {
    const line = raw.normalize('NFC');
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    const speaker = colon < 0 ? '' : line.slice(0, colon).trim().toLowerCase();
    const textContent = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (speaker === '' || textContent === '') {
      issues.push(csvIssue('line-skipped', 'transcript.lineSkipped', index + 1, { n: index + 1 }));
      return;
    }
    items.push({ line_number: items.length + 1, speaker, text_content: textContent });
  });
  return { items, issues };
}

/** The text area's content for stored lines: 'NARRATOR: …', one line each, in order. */
export function transcriptToEditorText(
  lines: readonly Pick<TranscriptLine, 'speaker' | 'text_content'>[],
): string {
  return lines
    .map((l) => `${l.speaker.toUpperCase()}: ${l.text_content.replace(/\s*\n\s*/g, ' ')}`)
    .join('\n');
}
