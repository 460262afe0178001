import { describe, expect, it } from 'vitest';
import { en, t } from '../messages/index.ts';
import { savedIndicatorText } from './saved-indicator.ts';

const savedAt = new Date('2026-06-15T10:00:00Z');
const later = (ms: number) => new Date(savedAt.getTime() + ms);

describe('savedIndicatorText', () => {
  it.each([
    [0, 'All changes saved 0 seconds ago'],
    [1_000, 'All changes saved 1 second ago'],
    [5_000, 'All changes saved 5 seconds ago'],
    [59_999, 'All changes saved 59 seconds ago'],
    [60_000, 'All changes saved 1 minute ago'],
    [3 * 60_000 + 59_000, 'All changes saved 3 minutes ago'],
    [3_600_000, 'All changes saved 1 hour ago'],
    [2 * 3_600_000 + 59 * 60_000, 'All changes saved 2 hours ago'],
    [-5_000, 'All changes saved 0 seconds ago'],
  ])('returns the text %s ms after saving', (ms, text) => {
    expect(savedIndicatorText(savedAt, later(ms))?.message).toBe(text);
  });

  it('returns a key and parameters that render in another catalogue', () => {
    const german = {
      ...en,
      'reviewPage.saving': 'Speichern...',
      'reviewPage.savedMinutesAgo': 'Alle Änderungen vor {n} Minuten gespeichert',
    };
    const minutes = savedIndicatorText(savedAt, later(120_000));
    expect(minutes).toMatchObject({ key: 'reviewPage.savedMinutesAgo', params: { n: 2 } });
    if (minutes)
      expect(t(minutes.key, minutes.params, german)).toBe(
        'Alle Änderungen vor 2 Minuten gespeichert',
      );
    const saving = savedIndicatorText(savedAt, later(0), true);
    if (saving) expect(t(saving.key, saving.params, german)).toBe('Speichern...');
  });

  it('returns Saving... while saving and null before the first save', () => {
    expect(savedIndicatorText(savedAt, later(1000), true)?.message).toBe('Saving...');
    expect(savedIndicatorText(null, later(1000))).toBeNull();
  });
});
