import { describe, expect, it } from 'vitest';
import type { AdminLesson, VocabularyRow } from './api.ts';
import {
  lessonPatch,
  metaOf,
  missesRequiredWord,
  missingLanguages,
  vocabularyPatch,
} from './review-save.ts';
import { toEditorWord } from './review-vocabulary.tsx';

const lesson = {
  id: 'l',
  lesson_number: 2,
  title: 'Kávézóban ',
  description: null,
  level: 'beginner',
  topic: 'Étel',
} as AdminLesson;

const word = {
  id: 'w',
  lesson_id: 'l',
  word_hu: 'kávé',
  word_en: 'coffee',
  word_de: 'Kaffee ',
  word_es: null,
  difficulty: 'beginner',
  audio_file_path: null,
} as VocabularyRow;

describe('review page save diffs', () => {
  it('returns an empty lesson patch when the form is as read (even a title with a space)', () => {
    expect(lessonPatch(metaOf(lesson), lesson)).toEqual({});
  });

  it('returns only the changed lesson fields, in stored form', () => {
    const meta = { ...metaOf(lesson), description: '  Egy új nap.  ', topic: '', lessonNumber: '' };
    expect(lessonPatch(meta, lesson)).toEqual({
      description: 'Egy új nap.',
      topic: null,
      lesson_number: null,
    });
  });

  it('returns no word patch for an unchanged word, German with its trailing space kept', () => {
    expect(vocabularyPatch(toEditorWord(word), word)).toBeNull();
  });

  it('returns only the word fields the editor changed', () => {
    const edited = { ...toEditorWord(word), word_es: ' café ', difficulty: 'hard' as const };
    expect(vocabularyPatch(edited, word)).toEqual({ word_es: 'café', difficulty: 'advanced' });
    expect(vocabularyPatch({ ...toEditorWord(word), word_de: '' }, word)).toEqual({
      word_de: null,
    });
  });

  it('returns true when a required word would be saved empty', () => {
    expect(missesRequiredWord({ ...toEditorWord(word), word_en: '  ' }, word)).toBe(true);
    expect(missesRequiredWord(toEditorWord(word), word)).toBe(false);
  });

  it('returns the languages a lesson lacks, words and lines together', () => {
    expect(
      missingLanguages([toEditorWord(word)], [
        { translation_en: 'Hi', translation_de: 'Hallo', translation_es: 'Hola' },
      ] as never),
    ).toEqual(['es']);
  });
});
