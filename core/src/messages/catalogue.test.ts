import { describe, expect, it } from 'vitest';
import { en, t, type Catalogue } from './catalogue.ts';
import { enAdmin } from './en-admin.ts';
import { enLearner } from './en-learner.ts';
import { format, placeholdersOf } from './format.ts';

describe('message catalogue', () => {
  it('returns disjoint keys for the learner and admin halves', () => {
    const learnerKeys = Object.keys(enLearner);
    const shared = Object.keys(enAdmin).filter((k) => learnerKeys.includes(k));
    expect(shared).toEqual([]);
  });

  it('returns non-empty trimmed texts for every key', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(text.length, key).toBeGreaterThan(0);
      expect(text.trim(), key).toBe(text);
    }
  });

  it('returns the text of another catalogue when one is passed', () => {
    const de: Catalogue = { ...en, 'review.sessionComplete': 'Sitzung beendet! Genauigkeit: {n}%' };
    expect(t('review.sessionComplete', { n: 85 }, de)).toBe('Sitzung beendet! Genauigkeit: 85%');
    expect(t('review.sessionComplete', { n: 85 })).toBe('Session complete! Accuracy: 85%');
  });

  it('returns the template with filled and missing placeholders', () => {
    expect(format('Row {n}: Missing {fields}', { n: 2, fields: 'speaker' })).toBe(
      'Row 2: Missing speaker',
    );
    expect(format('Row {n}: Missing {fields}', { n: 2 })).toBe('Row 2: Missing {fields}');
    expect(format('no placeholders')).toBe('no placeholders');
  });

  it('returns the placeholder names of a template once each', () => {
    expect(placeholdersOf('{n} of {total}, {n}')).toEqual(['n', 'total']);
    expect(placeholdersOf(en['lessonNumber.duplicate'])).toEqual(['status', 'title']);
  });
});
