import { describe, expect, it } from 'vitest';
import { optimiserItems, reviewLogEntries } from './optimiser-items.ts';
import type { ReviewLogEntry } from './optimiser-items.ts';

const entry = (cardId: string, rating: 1 | 2 | 3 | 4, iso: string): ReviewLogEntry => ({
  cardId,
  rating,
  reviewedAt: new Date(iso),
});

describe('optimiser items', () => {
  it('returns log entries keyed item:skill, leaving out rows with nothing to learn from', () => {
    const rows = [
      { vocabulary_id: 'v1', rating: 3, reviewed_at: '2026-06-01T10:00:00Z' },
      { vocabulary_id: 'v1', skill: 'recall', rating: 1, reviewed_at: '2026-06-02T10:00:00Z' },
      { line_id: 'l1', skill: 'dictation', rating: 4, reviewed_at: '2026-06-03T10:00:00Z' },
      { glossary_id: 'g1', skill: 'listening', rating: 2, reviewed_at: '2026-06-04T10:00:00Z' },
      { vocabulary_id: 'v2', rating: 0, reviewed_at: '2026-06-01T10:00:00Z' },
      { vocabulary_id: 'v2', rating: 5, reviewed_at: '2026-06-01T10:00:00Z' },
      { vocabulary_id: 'v2', rating: 3, reviewed_at: 'yesterday' },
      { vocabulary_id: null, rating: 3, reviewed_at: '2026-06-01T10:00:00Z' },
    ];
    expect(reviewLogEntries(rows).map((e) => `${e.cardId}/${e.rating}`)).toEqual([
      'v1:recognition/3',
      'v1:recall/1',
      'l1:dictation/4',
      'g1:listening/2',
    ]);
  });

  it('returns one item per review on a later learner day, with the history before it', () => {
    const items = optimiserItems([
      entry('a', 3, '2026-06-04T10:00:00Z'),
      entry('a', 1, '2026-06-01T20:00:00Z'),
      // 03:00 UTC is before the 4 am cutoff: still 1 June for the learner, a same-day repeat.
      entry('a', 3, '2026-06-02T03:00:00Z'),
    ]);
    expect(items).toEqual([
      {
        reviews: [
          { rating: 1, deltaT: 0 },
          { rating: 3, deltaT: 0 },
          { rating: 3, deltaT: 3 },
        ],
        reviewedAt: new Date('2026-06-04T10:00:00Z'),
      },
    ]);
  });

  it('returns learner days in the learner’s time zone', () => {
    const log = [entry('a', 3, '2026-06-01T08:00:00Z'), entry('a', 3, '2026-06-02T00:30:00Z')];
    // 00:30 UTC is 02:30 in Budapest (before the cutoff: still 1 June) and 00:30 in UTC.
    expect(optimiserItems(log, { timeZone: 'Europe/Budapest' })).toEqual([]);
    expect(optimiserItems(log, { timeZone: 'Europe/Budapest', cutoffHour: 0 })[0]?.reviews).toEqual(
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 1 },
      ],
    );
    expect(optimiserItems(log, { cutoffHour: 0 })[0]?.reviews.at(-1)).toEqual({
      rating: 3,
      deltaT: 1,
    });
  });

  it('returns items of every card in the order of their last review', () => {
    const items = optimiserItems([
      entry('a', 3, '2026-06-01T10:00:00Z'),
      entry('b', 3, '2026-06-01T11:00:00Z'),
      entry('a', 3, '2026-06-05T10:00:00Z'),
      entry('b', 2, '2026-06-03T10:00:00Z'),
      entry('b', 3, '2026-06-10T10:00:00Z'),
    ]);
    expect(items.map((i) => [i.reviewedAt.toISOString().slice(0, 10), i.reviews.length])).toEqual([
      ['2026-06-03', 2],
      ['2026-06-05', 2],
      ['2026-06-10', 3],
    ]);
  });
});
