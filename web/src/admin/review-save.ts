import {
  incompleteLanguages,
  parseLessonNumber,
  storedTranslation,
  translationCompleteness,
  type EditorLine,
  type TranslationLanguage,
} from '@magyarul/core/lessons';
import type { Level } from '@magyarul/core/enums';
import type { AdminLesson, LessonUpdate, VocabularyRow } from './api.ts';
import { toDbDifficulty, toEditorDifficulty } from './difficulty.ts';
import type { EditorWord } from './review-vocabulary.tsx';

// What a review-page save writes: only what the admin changed. A field nobody touched is not
// sent, so a save never puts back an older value over what the studio (or another admin)
// stored meanwhile, and never rewrites a value in a "cleaner" form it was not asked to.

/** The metadata fields as the form holds them. */
export type Meta = {
  readonly lessonNumber: string;
  readonly title: string;
  readonly description: string;
  /** '' until the lesson is read. */
  readonly level: Level | '';
  readonly topic: string;
};

export function metaOf(lesson: AdminLesson): Meta {
  return {
    lessonNumber: lesson.lesson_number === null ? '' : String(lesson.lesson_number),
    title: lesson.title,
    description: lesson.description ?? '',
    level: lesson.level,
    topic: lesson.topic ?? '',
  };
}

const clean = (value: string) => value.trim().normalize('NFC');

/** The lesson columns whose form value differs from what was read, in stored form. */
export function lessonPatch(meta: Meta, lesson: AdminLesson): LessonUpdate {
  const read = metaOf(lesson);
  const patch: LessonUpdate = {};
  if (meta.lessonNumber !== read.lessonNumber) {
    patch.lesson_number = parseLessonNumber(meta.lessonNumber);
  }
  if (meta.title !== read.title) patch.title = clean(meta.title);
  if (meta.description !== read.description) patch.description = clean(meta.description) || null;
  if (meta.level !== read.level && meta.level !== '') patch.level = meta.level;
  if (meta.topic !== read.topic) patch.topic = clean(meta.topic) || null;
  return patch;
}

export type VocabularyUpdate = Partial<
  Pick<VocabularyRow, 'word_hu' | 'word_en' | 'word_de' | 'word_es' | 'difficulty'>
>;

/** The columns of one word the editor changed, in stored form; null when it changed nothing. */
export function vocabularyPatch(word: EditorWord, row: VocabularyRow): VocabularyUpdate | null {
  const patch: VocabularyUpdate = {};
  if (word.word_hu !== row.word_hu) patch.word_hu = clean(word.word_hu);
  if (word.word_en !== row.word_en) patch.word_en = clean(word.word_en);
  if (word.word_de !== (row.word_de ?? '')) patch.word_de = storedTranslation(word.word_de);
  if (word.word_es !== (row.word_es ?? '')) patch.word_es = storedTranslation(word.word_es);
  if (word.difficulty !== toEditorDifficulty(row.difficulty)) {
    patch.difficulty = toDbDifficulty(word.difficulty);
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

/** True when a word would be saved without its Hungarian or English (the spec's rule). */
export function missesRequiredWord(word: EditorWord, row: VocabularyRow): boolean {
  const patch = vocabularyPatch(word, row);
  return patch !== null && (patch.word_hu === '' || patch.word_en === '');
}

/** The languages in which some word or line of the edited lesson has no meaning/translation. */
export function missingLanguages(
  words: readonly EditorWord[],
  lines: readonly EditorLine[],
): TranslationLanguage[] {
  return incompleteLanguages(
    translationCompleteness(
      words.map((w) => ({ word_en: w.word_en, word_de: w.word_de, word_es: w.word_es })),
      lines,
    ),
  );
}
