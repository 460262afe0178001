import { describe, expect, it } from 'vitest';
import { EDITOR_DIFFICULTIES, toDbDifficulty, toEditorDifficulty } from './difficulty.ts';

describe('review editor difficulty mapping', () => {
  it('returns the stored value for each editor choice', () => {
    expect(EDITOR_DIFFICULTIES.map(toDbDifficulty)).toEqual([
      'beginner',
      'intermediate',
      'advanced',
    ]);
  });

  it('returns the editor choice for stored, legacy and unknown values', () => {
    expect(toEditorDifficulty('beginner')).toBe('easy');
    expect(toEditorDifficulty('ADVANCED')).toBe('hard');
    expect(toEditorDifficulty('medium')).toBe('medium');
    expect(toEditorDifficulty(null)).toBe('medium');
    expect(toEditorDifficulty('expert')).toBe('medium');
  });

  it('returns the same choice after a round trip', () => {
    for (const choice of EDITOR_DIFFICULTIES) {
      expect(toEditorDifficulty(toDbDifficulty(choice))).toBe(choice);
    }
  });
});
