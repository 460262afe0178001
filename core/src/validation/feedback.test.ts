import { describe, expect, it } from 'vitest';
import { t } from '../messages/index.ts';
import { FEEDBACK_TYPE_OPTIONS, validateFeedback } from './feedback.ts';

const signedIn = { signedIn: true };

describe('feedback validation', () => {
  it('returns the trimmed feedback with the general type by default', () => {
    expect(
      validateFeedback({ title: ' Hiba ', description: ' A hang nem szól. ' }, signedIn),
    ).toEqual({
      ok: true,
      value: { feedback_type: 'general', title: 'Hiba', description: 'A hang nem szól.' },
    });
    expect(
      validateFeedback({ type: 'bogus', title: 'a', description: 'b' }, signedIn),
    ).toMatchObject({
      value: { feedback_type: 'general' },
    });
    expect(validateFeedback({ type: 'bug', title: 'a', description: 'b' }, signedIn)).toMatchObject(
      {
        value: { feedback_type: 'bug' },
      },
    );
  });

  it('returns the login message first when signed out', () => {
    expect(validateFeedback({ title: '', description: '' }, { signedIn: false })).toMatchObject({
      ok: false,
      message: 'You must be logged in to submit feedback',
    });
  });

  it('returns "Please fill in all fields" for blank title or description', () => {
    expect(validateFeedback({ title: '   ', description: 'x' }, signedIn)).toMatchObject({
      message: 'Please fill in all fields',
    });
    expect(validateFeedback({ title: 'x', description: '\n' }, signedIn)).toMatchObject({
      message: 'Please fill in all fields',
    });
  });

  it('returns limit errors at 101 and 1001 characters, not at 100 and 1000', () => {
    expect(
      validateFeedback({ title: 'a'.repeat(100), description: 'b'.repeat(1000) }, signedIn).ok,
    ).toBe(true);
    expect(
      validateFeedback({ title: 'a'.repeat(101), description: 'b'.repeat(1001) }, signedIn),
    ).toMatchObject({
      errors: {
        title: { params: { n: 100 }, message: 'Title must be at most 100 characters' },
        description: {
          key: 'feedback.descriptionTooLong',
          message: 'Description must be at most 1000 characters',
        },
      },
    });
  });

  it('returns the four type options with their spec labels', () => {
    expect(FEEDBACK_TYPE_OPTIONS.map((o) => [o.value, t(o.labelKey)])).toEqual([
      ['bug', 'Bug Report'],
      ['feature', 'Feature Request'],
      ['content', 'Content Issue'],
      ['general', 'General Feedback'],
    ]);
  });
});
