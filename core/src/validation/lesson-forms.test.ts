import { describe, expect, it } from 'vitest';
import { MEGABYTE } from '../files/index.ts';
import {
  positiveInteger,
  validateLessonEdit,
  validateNewLesson,
  validateNewWord,
  validateUploadLesson,
} from './lesson-forms.ts';
import { validateProfileName } from './profile.ts';

const file = (name: string, size = 1000) => ({ name, size, type: '' });

describe('lesson form validation', () => {
  it.each([
    [1, 1],
    ['12', 12],
    [' 3 ', 3],
    [0, null],
    ['0', null],
    [-2, null],
    [1.5, null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('returns the positive integer of %j as %j', (input, expected) => {
    expect(positiveInteger(input)).toBe(expected);
  });

  it('returns the new lesson with a numeric lesson number and trimmed title', () => {
    const files = {
      audioFile: file('a.mp3'),
      transcriptFile: file('t.csv'),
      vocabularyFile: file('v.csv'),
    };
    expect(validateNewLesson({ lessonNumber: '4', title: ' Piacon ', ...files })).toEqual({
      ok: true,
      value: { lessonNumber: 4, title: 'Piacon', ...files },
    });
  });

  it('returns every create-dialog error with the spec texts', () => {
    const result = validateNewLesson({
      lessonNumber: '0',
      title: ' ab ',
      audioFile: file('a.ogg'),
      transcriptFile: null,
      vocabularyFile: file('v.csv', 6 * MEGABYTE),
    });
    expect(result).toMatchObject({
      ok: false,
      errors: {
        lessonNumber: { key: 'validation.requiredPositiveInteger', params: {} },
        title: { key: 'validation.minCharacters', params: { n: 3 }, message: 'Min 3 characters' },
        audioFile: {
          key: 'files.invalidTypeExpected',
          params: { expected: '.mp3, .wav' },
          message: 'Invalid file type. Expected: .mp3, .wav',
        },
        transcriptFile: { message: 'Required' },
        vocabularyFile: { key: 'files.tooLargeMax', message: 'File too large. Max: 5MB' },
      },
      key: 'validation.requiredPositiveInteger',
      message: 'Required positive integer',
    });
  });

  it('returns the edit dialog alert when title or number is missing', () => {
    expect(validateLessonEdit({ title: 'Piacon', lessonNumber: 2 })).toEqual({
      ok: true,
      value: { title: 'Piacon', lessonNumber: 2 },
    });
    expect(validateLessonEdit({ title: ' ', lessonNumber: 2 })).toMatchObject({
      message: 'Please fill in all required fields',
    });
    expect(validateLessonEdit({ title: 'x', lessonNumber: '' })).toMatchObject({
      errors: { form: { key: 'edit.fillRequired', message: 'Please fill in all required fields' } },
    });
  });

  it('returns the upload form value with defaults and duration in seconds', () => {
    expect(
      validateUploadLesson(
        { title: ' Lecke ', level: 'beginner', description: ' ', durationMinutes: '2,5' },
        { signedIn: true },
      ),
    ).toEqual({
      ok: true,
      value: {
        title: 'Lecke',
        level: 'beginner',
        description: null,
        topic: null,
        durationSeconds: 150,
        languageFrom: 'english',
        languageTo: 'hungarian',
      },
    });
    const withNumber = validateUploadLesson(
      { title: 'L', level: 'advanced', durationMinutes: 3, languageFrom: 'german', topic: 'Piac' },
      { signedIn: true },
    );
    expect(withNumber).toMatchObject({
      value: { durationSeconds: 180, languageFrom: 'german', topic: 'Piac' },
    });
    for (const durationMinutes of ['', 'soon', -1, null]) {
      expect(
        validateUploadLesson(
          { title: 'L', level: 'intermediate', durationMinutes },
          { signedIn: true },
        ),
      ).toMatchObject({ value: { durationSeconds: null } });
    }
  });

  it('returns the upload form messages', () => {
    expect(validateUploadLesson({ title: 'x', level: 'y' }, { signedIn: false })).toMatchObject({
      message: 'You must be logged in to upload lessons',
    });
    expect(validateUploadLesson({ title: 'x', level: ' ' }, { signedIn: true })).toMatchObject({
      message: 'Please fill in required fields',
    });
    // A level the database's enum does not have is no choice at all.
    expect(validateUploadLesson({ title: 'x', level: 'expert' }, { signedIn: true })).toMatchObject(
      {
        ok: false,
        message: 'Please fill in required fields',
      },
    );
  });

  it('returns the new word, or the spec message when a side is blank', () => {
    expect(validateNewWord({ word_hu: ' kör ', word_en: 'circle', difficulty: 'easy' })).toEqual({
      ok: true,
      value: { word_hu: 'kör', word_en: 'circle', difficulty: 'easy' },
    });
    expect(validateNewWord({ word_hu: 'kör', word_en: 'circle' })).toMatchObject({
      value: { difficulty: 'beginner' },
    });
    expect(validateNewWord({ word_hu: 'kör', word_en: ' ' })).toMatchObject({
      message: 'Hungarian and English words are required',
    });
  });

  it('returns the profile name trimmed in NFC, or an error when blank', () => {
    expect(validateProfileName(' Ödön '.normalize('NFD'))).toEqual({
      ok: true,
      value: { name: 'Ödön' },
    });
    expect(validateProfileName('  ')).toMatchObject({
      ok: false,
      errors: { name: { key: 'validation.nameRequired', message: 'Name is required' } },
    });
  });
});
