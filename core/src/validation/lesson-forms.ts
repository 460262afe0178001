import {
  LEVELS,
  SOURCE_LANGUAGES,
  TARGET_LANGUAGES,
  isOneOf,
  type Level,
  type SourceLanguage,
  type TargetLanguage,
} from '../enums/index.ts';
import { checkUpload, type FileLike, type UploadContext } from '../files/index.ts';
import { ErrorCollector, text, type Validation } from './result.ts';

/** A whole number ≥ 1 from a number or its decimal digits, else null. */
export function positiveInteger(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : null;
  const digits = text(value);
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

type NewLessonFile = 'audioFile' | 'transcriptFile' | 'vocabularyFile';
type NewLessonField = 'lessonNumber' | 'title' | NewLessonFile;

export type NewLessonInput<F extends FileLike> = {
  lessonNumber: number | string | null;
  title: string;
  audioFile: F | null;
  transcriptFile: F | null;
  vocabularyFile: F | null;
};

export type NewLesson<F extends FileLike> = {
  readonly lessonNumber: number;
  readonly title: string;
  readonly audioFile: F;
  readonly transcriptFile: F;
  readonly vocabularyFile: F;
};

const fileContexts: readonly [NewLessonFile, UploadContext][] = [
  ['audioFile', 'create-audio'],
  ['transcriptFile', 'create-transcript-csv'],
  ['vocabularyFile', 'create-vocabulary-csv'],
];

export const LESSON_TITLE_MIN = 3;

/**
 * The create dialog: lesson number a positive integer, title ≥ 3 characters after trimming,
 * audio/transcript/vocabulary files present and each within its type and size rule.
 */
export function validateNewLesson<F extends FileLike>(
  input: NewLessonInput<F>,
): Validation<NewLesson<F>, NewLessonField> {
  const errors = new ErrorCollector<NewLessonField>();
  const lessonNumber = positiveInteger(input.lessonNumber);
  const title = text(input.title);
  if (lessonNumber === null) errors.add('lessonNumber', 'validation.requiredPositiveInteger');
  if (title.length < LESSON_TITLE_MIN) {
    errors.add('title', 'validation.minCharacters', { n: LESSON_TITLE_MIN });
  }
  for (const [field, context] of fileContexts) {
    const file = input[field];
    if (file === null) errors.add(field, 'validation.required');
    else {
      const check = checkUpload(context, file);
      if (!check.ok) errors.add(field, check.key, check.params);
    }
  }
  const { audioFile, transcriptFile, vocabularyFile } = input;
  if (
    errors.failed() ||
    lessonNumber === null ||
    !audioFile ||
    !transcriptFile ||
    !vocabularyFile
  ) {
    return errors.failure();
  }
  return { ok: true, value: { lessonNumber, title, audioFile, transcriptFile, vocabularyFile } };
}

export type LessonEdit = { readonly title: string; readonly lessonNumber: number };

/** The edit dialog: title and lesson number required, else one alert for the form. */
export function validateLessonEdit(input: {
  title: string;
  lessonNumber: number | string | null;
}): Validation<LessonEdit, 'title' | 'lessonNumber'> {
  const errors = new ErrorCollector<'title' | 'lessonNumber'>();
  const title = text(input.title);
  const lessonNumber = positiveInteger(input.lessonNumber);
  if (title === '' || lessonNumber === null) errors.add('form', 'edit.fillRequired');
  return errors.result(() => ({ title, lessonNumber: lessonNumber ?? 0 }));
}

export type UploadLessonInput = {
  title: string;
  level: string;
  description?: string | null;
  topic?: string | null;
  /** The form's 'Duration (minutes)' field, as typed. */
  durationMinutes?: number | string | null;
  languageFrom?: string | null;
  languageTo?: string | null;
};

export type UploadLesson = {
  readonly title: string;
  readonly level: Level;
  readonly description: string | null;
  readonly topic: string | null;
  /** Seconds, as lessons.duration stores it; null when the field was empty or not a number. */
  readonly durationSeconds: number | null;
  readonly languageFrom: SourceLanguage;
  readonly languageTo: TargetLanguage;
};

function optional(value: string | null | undefined): string | null {
  const cleaned = text(value);
  return cleaned === '' ? null : cleaned;
}

function minutesToSeconds(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const raw = typeof value === 'number' ? value : text(value).replace(',', '.');
  if (raw === '') return null;
  const minutes = Number(raw);
  return Number.isFinite(minutes) && minutes >= 0 ? Math.round(minutes * 60) : null;
}

/** `value` when it is one of `values`, else null (not chosen). */
function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  const chosen = optional(value);
  return isOneOf(values, chosen) ? chosen : null;
}

/** The Upload Lesson form: signed in, title and level required. Languages default per spec. */
export function validateUploadLesson(
  input: UploadLessonInput,
  context: { signedIn: boolean },
): Validation<UploadLesson, 'title' | 'level'> {
  const errors = new ErrorCollector<'title' | 'level'>();
  const title = text(input.title);
  const level = text(input.level);
  if (!context.signedIn) errors.add('form', 'upload.loginRequired');
  // The form's select offers only the levels; anything else counts as not chosen.
  else if (title === '' || !isOneOf(LEVELS, level)) errors.add('form', 'upload.fillRequired');
  return errors.result(() => ({
    title,
    level: level as Level,
    description: optional(input.description),
    topic: optional(input.topic),
    durationSeconds: minutesToSeconds(input.durationMinutes),
    // Defaults per spec; the form's selects offer only the enums' values.
    languageFrom: oneOf(SOURCE_LANGUAGES, input.languageFrom) ?? 'english',
    languageTo: oneOf(TARGET_LANGUAGES, input.languageTo) ?? 'hungarian',
  }));
}

export type NewWord = {
  readonly word_hu: string;
  readonly word_en: string;
  readonly difficulty: string;
};

/** The review page's Add Word dialog: Hungarian and English required; difficulty as chosen. */
export function validateNewWord(
  input: { word_hu: string; word_en: string; difficulty?: string | null },
  defaultDifficulty = 'beginner',
): Validation<NewWord, 'word_hu' | 'word_en'> {
  const errors = new ErrorCollector<'word_hu' | 'word_en'>();
  const wordHu = text(input.word_hu);
  const wordEn = text(input.word_en);
  if (wordHu === '' || wordEn === '') errors.add('form', 'vocabulary.wordsRequired');
  return errors.result(() => ({
    word_hu: wordHu,
    word_en: wordEn,
    difficulty: optional(input.difficulty) ?? defaultDifficulty,
  }));
}
