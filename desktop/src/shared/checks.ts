import { implausiblePace } from '@magyarul/core/align';
import { formatTime } from './format-time.ts';
import { studioMessage } from './messages.ts';
import type { StudioMessageCode } from './messages.ts';
import type { CheckIssue, CheckSeverity, LessonDraft } from './model.ts';
import { LANGUAGE_NAMES, SPEAKERS } from './model.ts';

/** Times closer than this (seconds) count as equal: lines may touch without overlapping. */
const EPSILON = 0.005;
/** A line may end this far past the decoded end (the last MP3 frame rounds up). */
const END_SLACK = 0.05;

const LINE_TRANSLATIONS = [
  ['en', 'translationEn'],
  ['de', 'translationDe'],
  ['es', 'translationEs'],
] as const;
// English meanings are required (word_en); German and Spanish are the ones that may be missing.
const WORD_TRANSLATIONS = [
  ['de', 'wordDe'],
  ['es', 'wordEs'],
] as const;

/** How logs, reports and the publish dialog name a lesson: Lesson 3 “Köszönés”. */
export function lessonLabel(lesson: {
  readonly lessonNumber: number | null;
  readonly title: string;
}): string {
  return `Lesson ${lesson.lessonNumber ?? '(no number)'} “${lesson.title}”`;
}

export function isTimed(line: {
  readonly startTime: number | null;
  readonly endTime: number | null;
}): boolean {
  return line.startTime !== null && line.endTime !== null;
}

/**
 * The publish checks of one lesson, in the order an author fixes them. Errors (the server would
 * refuse the data, or learners would get a transcript that does not follow the audio: untimed
 * lines, overlaps, times past the end) keep the lesson from being sent; warnings (missing word
 * audio, missing translations) need an explicit "publish anyway". The same function runs in
 * the editor, live, and in the publisher, which never trusts the editor's word for it.
 */
export function checkLesson(draft: LessonDraft): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const add = (
    severity: CheckSeverity,
    code: StudioMessageCode,
    params: Record<string, string | number> = {},
    about: { lineId?: number; wordId?: number } = {},
  ) =>
    issues.push({
      code,
      severity,
      message: studioMessage(code, params),
      lineId: about.lineId ?? null,
      wordId: about.wordId ?? null,
    });

  if (draft.title.trim() === '') add('error', 'check-no-title');
  if (draft.lessonNumber === null) add('error', 'check-no-number');
  if (draft.dialogueFile === null || draft.durationSeconds === null)
    add('error', 'check-no-dialogue');
  if (draft.lines.length === 0) add('error', 'check-no-lines');

  const duration = draft.durationSeconds;
  let previous: { n: number; end: number } | null = null;
  for (const line of draft.lines) {
    const n = line.lineNumber;
    const about = { lineId: line.id };
    if (line.text.trim() === '') add('error', 'check-empty-text', { n }, about);
    if (!(SPEAKERS as readonly string[]).includes(line.speaker)) {
      add('error', 'check-unknown-speaker', { n, speaker: line.speaker }, about);
    }
    if (line.startTime === null || line.endTime === null) {
      const missing =
        line.startTime === null && line.endTime === null
          ? 'start or end'
          : line.startTime === null
            ? 'start'
            : 'end';
      add('error', 'check-untimed', { n, missing }, about);
      continue;
    }
    const { startTime: start, endTime: end } = line;
    if (end < start + EPSILON) {
      add('error', 'check-bad-span', { n, start: formatTime(start), end: formatTime(end) }, about);
    }
    if (previous && start < previous.end - EPSILON) {
      add(
        'error',
        'check-overlap',
        { n, previous: previous.n, start: formatTime(start), end: formatTime(previous.end) },
        about,
      );
    }
    if (duration !== null && end > duration + END_SLACK) {
      add(
        'error',
        'check-past-end',
        { n, end: formatTime(end), duration: formatTime(duration) },
        about,
      );
    }
    const pace = end > start ? implausiblePace(line.text, start, end) : null;
    if (pace) {
      add(
        'warning',
        pace.verdict === 'fast' ? 'check-pace-fast' : 'check-pace-slow',
        {
          n,
          seconds: pace.seconds.toFixed(2),
          syllables: pace.syllables,
          rate: pace.perSecond.toFixed(1),
        },
        about,
      );
    }
    if (!previous || end > previous.end) previous = { n, end };
  }

  for (const word of draft.words) {
    if (word.wordEn.trim() === '')
      add('error', 'check-word-no-meaning', { word: word.wordHu }, { wordId: word.id });
  }
  if (draft.words.length === 0) add('warning', 'check-no-words');
  for (const word of draft.words) {
    if (word.audioFile === null) {
      add('warning', 'check-word-no-audio', { word: word.wordHu }, { wordId: word.id });
    }
  }

  // Each names the first line or word it counts, so clicking it takes the author there.
  for (const [language, field] of LINE_TRANSLATIONS) {
    const missing = draft.lines.filter((line) => line[field].trim() === '');
    const [first] = missing;
    if (first) {
      add(
        'warning',
        'check-lines-untranslated',
        { language: LANGUAGE_NAMES[language], missing: missing.length, total: draft.lines.length },
        { lineId: first.id },
      );
    }
  }
  for (const [language, field] of WORD_TRANSLATIONS) {
    const missing = draft.words.filter((word) => word[field].trim() === '');
    const [first] = missing;
    if (first) {
      add(
        'warning',
        'check-words-untranslated',
        { language: LANGUAGE_NAMES[language], missing: missing.length, total: draft.words.length },
        { wordId: first.id },
      );
    }
  }
  return issues;
}

export const errorsOf = (issues: readonly CheckIssue[]) =>
  issues.filter((issue) => issue.severity === 'error');
export const warningsOf = (issues: readonly CheckIssue[]) =>
  issues.filter((issue) => issue.severity === 'warning');
