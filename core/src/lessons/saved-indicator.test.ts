import { describe, expect, it } from 'vitest';
import { en } from '../messages/index.ts';
import { savedIndicatorText } from './saved-indicator.ts';

const savedAt = new Date('2026-06-15T10:00:00Z');
const later = (ms: number) => new Date(savedAt.getTime() + ms);
const hasSingular = 'reviewPage.savedMinuteAgo' in en;

describe('savedIndicatorText', () => {
  it.each([
    [0, 'All changes saved 0 seconds ago'],
    [5_000, 'All changes saved 5 seconds ago'],
    [59_999, 'All changes saved 59 seconds ago'],
    [60_000, hasSingular ? 'All changes saved 1 minute ago' : 'All changes saved 1 minutes ago'],
    [3 * 60_000 + 59_000, 'All changes saved 3 minutes ago'],
    [3_600_000, hasSingular ? 'All changes saved 1 hour ago' : 'All changes saved 1 hours ago'],
    [2 * 3_600_000 + 59 * 60_000, 'All changes saved 2 hours ago'],
    [-5_000, 'All changes saved 0 seconds ago'],
  ])('returns the text %s ms after saving', (ms, text) => {
    expect(savedIndicatorText(savedAt, later(ms))).toBe(text);
  });

  it('returns the singular for one second when the catalogue has it', () => {
    const text = savedIndicatorText(savedAt, later(1_000));
    expect(text).toBe(
      'reviewPage.savedSecondAgo' in en
        ? 'All changes saved 1 second ago'
        : 'All changes saved 1 seconds ago',
    );
  });

  it('returns the text from the catalogue passed in', () => {
    const german = {
      ...en,
      'reviewPage.saving': 'Speichern...',
      'reviewPage.savedMinutesAgo': 'Alle Änderungen vor {n} Minuten gespeichert',
    };
    expect(savedIndicatorText(savedAt, later(120_000), false, german)).toBe(
      'Alle Änderungen vor 2 Minuten gespeichert',
    );
    expect(savedIndicatorText(savedAt, later(0), true, german)).toBe('Speichern...');
  });

  it('returns Saving... while saving and null before the first save', () => {
    expect(savedIndicatorText(savedAt, later(1000), true)).toBe('Saving...');
    expect(savedIndicatorText(null, later(1000))).toBeNull();
  });
});
