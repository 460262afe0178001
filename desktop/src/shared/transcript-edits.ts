// The transcript's structural edits as pure functions over the whole list of lines: the editor
// computes the new list, sends it with drafts:set-lines, and keeps the old one to undo. Lines
// keep their ids (a new line has id null until the store gives it one).
import type { LineInput, TranscriptLine } from './model.ts';

export function toInputs(lines: readonly TranscriptLine[]): LineInput[] {
  return lines.map((line) => ({
    id: line.id,
    speaker: line.speaker,
    text: line.text,
    startTime: line.startTime,
    endTime: line.endTime,
    translationEn: line.translationEn,
    translationDe: line.translationDe,
    translationEs: line.translationEs,
  }));
}

const blank = (speaker: string): LineInput => ({
  id: null,
  speaker,
  text: '',
  startTime: null,
  endTime: null,
  translationEn: '',
  translationDe: '',
  translationEs: '',
});

const joined = (a: string, b: string): string => [a.trim(), b.trim()].filter(Boolean).join(' ');

/** A new empty line after `afterId` (at the top for null), spoken by the line before it. */
export function insertLineAfter(lines: readonly LineInput[], afterId: number | null): LineInput[] {
  const index = afterId === null ? -1 : lines.findIndex((line) => line.id === afterId);
  const speaker = lines[index]?.speaker ?? lines[0]?.speaker ?? 'narrator';
  return [...lines.slice(0, index + 1), blank(speaker), ...lines.slice(index + 1)];
}

export function deleteLine(lines: readonly LineInput[], id: number): LineInput[] {
  return lines.filter((line) => line.id !== id);
}

/** Where to cut `text` for a cut at fraction `at` of the line: the nearest space, if any. */
function textCut(text: string, at: number): number {
  const target = Math.round(text.length * Math.min(1, Math.max(0, at)));
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ' ' && (best < 0 || Math.abs(i - target) < Math.abs(best - target))) best = i;
  }
  return best < 0 ? target : best;
}

/** The sentences of a text: each runs to . ! ? or … (with closing quotes) and the space after. */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?…]+(?:[.!?…]+["'”»)]*|$)/gu) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const TRANSLATION_FIELDS = ['translationEn', 'translationDe', 'translationEs'] as const;

/**
 * The translations of a line split where its text was: when the first part ends a sentence and
 * a translation has as many sentences as the text, the translation's first sentences go with
 * the first part. Otherwise the translation stays on the first part (the editor says so).
 */
function splitTranslations(
  line: LineInput,
  first: string,
): { first: Partial<LineInput>; second: Partial<LineInput> } {
  const atSentence = /[.!?…]["'”»)]*$/u.test(first);
  const total = sentencesOf(line.text).length;
  const before = sentencesOf(first).length;
  const one: Record<string, string> = {};
  const two: Record<string, string> = {};
  for (const field of TRANSLATION_FIELDS) {
    const parts = sentencesOf(line[field]);
    if (atSentence && parts.length === total && before < total) {
      one[field] = parts.slice(0, before).join(' ');
      two[field] = parts.slice(before).join(' ');
    } else {
      one[field] = line[field];
      two[field] = '';
    }
  }
  return { first: one, second: two };
}

/**
 * Splits a line in two at `seconds` (the playhead). The first part keeps the line's id, start
 * and the text before the cut; the new second part starts at the playhead and ends where the
 * line ended. Translations follow their sentences when the cut ends a sentence (see
 * splitTranslations), else they stay on the first part. The text is cut at `textAt` (the caret) when it is inside the
 * text (a caret at either end, as typing leaves it, says nothing), else at the space nearest to
 * where the playhead falls in the line. Returns null when the playhead is not inside the
 * (timed) line.
 */
export function splitLine(
  lines: readonly LineInput[],
  id: number,
  seconds: number,
  textAt: number | null = null,
): LineInput[] | null {
  const index = lines.findIndex((line) => line.id === id);
  const line = lines[index];
  if (!line || line.startTime === null || line.endTime === null) return null;
  if (!(seconds > line.startTime && seconds < line.endTime)) return null;
  const at = Math.round(seconds * 100) / 100;
  const caretInside = textAt !== null && textAt > 0 && textAt < line.text.length;
  const cut = caretInside
    ? textAt
    : textCut(line.text, (seconds - line.startTime) / (line.endTime - line.startTime));
  const firstText = line.text.slice(0, cut).trim();
  const translations = splitTranslations(line, firstText);
  const first: LineInput = { ...line, ...translations.first, text: firstText, endTime: at };
  const second: LineInput = {
    ...blank(line.speaker),
    ...translations.second,
    text: line.text.slice(cut).trim(),
    startTime: at,
    endTime: line.endTime,
  };
  return [...lines.slice(0, index), first, second, ...lines.slice(index + 1)];
}

/** Joins a line with the one after it: one line from the first's start to the second's end. */
export function mergeWithNext(lines: readonly LineInput[], id: number): LineInput[] | null {
  const index = lines.findIndex((line) => line.id === id);
  const line = lines[index];
  const next = lines[index + 1];
  if (!line || !next) return null;
  const merged: LineInput = {
    ...line,
    text: joined(line.text, next.text),
    startTime: line.startTime ?? next.startTime,
    endTime: next.endTime ?? line.endTime,
    translationEn: joined(line.translationEn, next.translationEn),
    translationDe: joined(line.translationDe, next.translationDe),
    translationEs: joined(line.translationEs, next.translationEs),
  };
  return [...lines.slice(0, index), merged, ...lines.slice(index + 2)];
}
