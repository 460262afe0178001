import { describe, expect, it } from 'vitest';
import type { SessionItem } from './mixed-session.ts';
import {
  MAX_RETRIES,
  answerPractice,
  practiceCard,
  practiceProgress,
  startPractice,
} from './practice-queue.ts';

const card = (itemId: string, skill: SessionItem['skill'] = 'recall'): SessionItem => ({
  itemId,
  skill,
  due: null,
});
const ids = (cards: readonly SessionItem[]) => cards.map((c) => `${c.itemId}.${c.skill}`).join(' ');

describe('practice queue', () => {
  it('returns the cards in order and null when the session is over', () => {
    let queue = startPractice([card('a'), card('b')]);
    expect(practiceCard(queue)?.itemId).toBe('a');
    queue = answerPractice(queue, false);
    expect(practiceCard(queue)?.itemId).toBe('b');
    queue = answerPractice(queue, false);
    expect(practiceCard(queue)).toBeNull();
    expect(answerPractice(queue, true)).toBe(queue);
    expect(practiceProgress(queue)).toEqual({ done: 2, total: 2 });
  });

  it('returns a missed card three cards later, away from its word’s other skills', () => {
    const cards = [
      card('a'),
      card('b'),
      card('c'),
      card('d', 'recall'),
      card('a', 'listening'),
      card('e'),
    ];
    const queue = answerPractice(startPractice(cards), true);
    // Three on would be between d and a.listening: it goes one further.
    expect(ids(queue.cards)).toBe(
      'a.recall b.recall c.recall d.recall a.listening e.recall a.recall',
    );
    expect(queue.index).toBe(1);
    expect(practiceProgress(queue)).toEqual({ done: 1, total: 7 });
  });

  it('returns a missed card at the end of a short session, and at most twice more', () => {
    let queue = startPractice([card('a'), card('b')]);
    for (let i = 0; i < 10 && practiceCard(queue) !== null; i++)
      queue = answerPractice(queue, true);
    const shown = queue.cards.filter((c) => c.itemId === 'a');
    expect(shown).toHaveLength(1 + MAX_RETRIES);
    expect(practiceCard(queue)).toBeNull();
  });
});
