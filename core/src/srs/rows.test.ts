import { describe, expect, it } from 'vitest';
import { newWordProgress } from './progress.ts';
import { reviewWord } from './review.ts';
import { reviewLogToRow, wordProgressFromRow, wordProgressToRow } from './rows.ts';

const now = new Date('2026-06-15T10:00:00Z');

describe('progress rows', () => {
  it('returns the same progress after a row round trip', () => {
    const { progress, log } = reviewWord(null, { correct: true }, now, { cardId: 'c1' });
    const row = wordProgressToRow(progress);
    expect(row.last_review).toBe('2026-06-15T10:00:00.000Z');
    expect(typeof row.due).toBe('string');
    expect(wordProgressFromRow(row)).toEqual(progress);
    expect(wordProgressFromRow(wordProgressToRow(newWordProgress(now)))).toEqual(
      newWordProgress(now),
    );
    expect(reviewLogToRow(log)).toMatchObject({
      review: '2026-06-15T10:00:00.000Z',
      duration_ms: null,
    });
  });

  it('throws for an unknown state or a bad timestamp', () => {
    const row = wordProgressToRow(newWordProgress(now));
    expect(() => wordProgressFromRow({ ...row, due: 'yesterday' })).toThrow(
      'Invalid due timestamp',
    );
    expect(() => wordProgressFromRow({ ...row, state: 'lost' as 'new' })).toThrow(
      'Invalid card state',
    );
  });
});
