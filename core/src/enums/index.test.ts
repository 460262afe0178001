import { describe, expect, it } from 'vitest';
import { Constants } from '../../../supabase/types/database.ts';
import {
  APP_ROLES,
  FEEDBACK_STATUSES,
  LANGUAGE_CODES,
  LESSON_FILE_KINDS,
  LEVELS,
  QA_STATUSES,
  SOURCE_LANGUAGES,
  SOURCE_LANGUAGE_OF,
  SPEAKERS,
  STORED_FEEDBACK_TYPES,
  TARGET_LANGUAGES,
  isOneOf,
} from './index.ts';

describe('enumerations', () => {
  it('lists each database enum once, in the order of its migration', () => {
    expect(LEVELS).toEqual(['beginner', 'intermediate', 'advanced']);
    expect(SPEAKERS).toEqual(['narrator', 'anna', 'bence']);
    expect(STORED_FEEDBACK_TYPES).toEqual(['bug', 'feature', 'content', 'general', 'others']);
    expect(FEEDBACK_STATUSES).toEqual(['new', 'reviewing', 'resolved', 'closed']);
    expect(APP_ROLES).toEqual(['admin', 'user']);
    expect(LANGUAGE_CODES).toEqual(['en', 'de', 'es']);
    expect(SOURCE_LANGUAGES).toEqual(['english', 'german', 'spanish']);
    expect(TARGET_LANGUAGES).toEqual(['hungarian']);
    expect(LESSON_FILE_KINDS).toEqual([
      'audio',
      'image',
      'video',
      'document',
      'transcript',
      'vocabulary',
      'other',
    ]);
    expect(QA_STATUSES).toEqual(['approved']);
  });

  it('returns the generated constants themselves, not copies', () => {
    expect(LANGUAGE_CODES).toBe(Constants.public.Enums.language_code);
    expect(LEVELS).toBe(Constants.public.Enums.level);
  });

  it('returns a source language for every learner language', () => {
    expect(LANGUAGE_CODES.map((code) => SOURCE_LANGUAGE_OF[code])).toEqual(SOURCE_LANGUAGES);
  });

  it('tells a member of a list from anything else', () => {
    expect(isOneOf(LEVELS, 'advanced')).toBe(true);
    expect(isOneOf(LEVELS, 'Advanced')).toBe(false);
    expect(isOneOf(LEVELS, null)).toBe(false);
    expect(isOneOf(APP_ROLES, 'admin')).toBe(true);
  });
});
