import { describe, expect, it } from 'vitest';
import { selectDueWords } from './due.ts';

const word = (id: string, iso: string) => ({ id, due: new Date(iso) });
const now = new Date('2026-06-15T10:00:00Z');

describe('selectDueWords', () => {
  const words = [
    word('later', '2026-06-15T10:00:01Z'),
    word('today', '2026-06-15T09:00:00Z'),
    word('week', '2026-06-08T09:00:00Z'),
    word('exact', '2026-06-15T10:00:00Z'),
    word('yesterday', '2026-06-14T09:00:00Z'),
    word('early-today', '2026-06-15T01:00:00Z'),
  ];

  it('returns due words, most overdue first', () => {
    expect(selectDueWords(words, now).map((w) => w.id)).toEqual([
      'week',
      'yesterday',
      'early-today',
      'today',
      'exact',
    ]);
  });

  it('returns at most the limit', () => {
    expect(selectDueWords(words, now, { limit: 2 }).map((w) => w.id)).toEqual([
      'week',
      'yesterday',
    ]);
    expect(selectDueWords(words, now, { limit: -1 })).toEqual([]);
  });

  it('returns only words due since the learner day began without overdue ones', () => {
    // Budapest day 2026-06-15 began at 04:00 CEST = 02:00 UTC.
    const picked = selectDueWords(words, now, {
      includeOverdue: false,
      timeZone: 'Europe/Budapest',
    });
    expect(picked.map((w) => w.id)).toEqual(['today', 'exact']);
  });

  it('returns ties in input order', () => {
    const tied = [word('b', '2026-06-01T00:00:00Z'), word('a', '2026-06-01T00:00:00Z')];
    expect(selectDueWords(tied, now).map((w) => w.id)).toEqual(['b', 'a']);
  });
});
