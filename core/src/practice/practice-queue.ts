// A practice session in progress: the cards in order and where the learner is. Answering moves
// on; a card answered wrong (Again) comes back a few cards later, once or twice, away from its
// own word's other skills. Pure and O(session length), so answer → next card costs nothing
// next to rendering.
import type { SessionItem } from './mixed-session.ts';

/** Cards between a missed card and its second try. */
export const RETRY_GAP = 3;
/** How often one card may come back in a session. */
export const MAX_RETRIES = 2;

export type PracticeQueue<T extends SessionItem> = {
  readonly cards: readonly T[];
  /** The card being shown; `cards.length` when the session is over. */
  readonly index: number;
  /** Per card (`itemId:skill`), how often it came back. */
  readonly retries: Readonly<Record<string, number>>;
};

const cardKey = (card: SessionItem) => `${card.itemId}:${card.skill}`;

export function startPractice<T extends SessionItem>(cards: readonly T[]): PracticeQueue<T> {
  return { cards, index: 0, retries: {} };
}

/** The card to show, or null when the session is over. */
export function practiceCard<T extends SessionItem>(queue: PracticeQueue<T>): T | null {
  return queue.cards[queue.index] ?? null;
}

/** Where a missed card goes back in: RETRY_GAP cards on, moved later past its own word. */
function retryPosition<T extends SessionItem>(cards: readonly T[], from: number, card: T): number {
  const first = Math.min(cards.length, from + RETRY_GAP);
  for (let pos = first; pos <= cards.length; pos++) {
    const before = cards[pos - 1];
    const after = cards[pos];
    if (before?.itemId !== card.itemId && after?.itemId !== card.itemId) return pos;
  }
  return first;
}

/**
 * The queue after the current card was answered: the next card, and the answered one again
 * later when it was missed (`again`), unless it has come back MAX_RETRIES times already.
 */
export function answerPractice<T extends SessionItem>(
  queue: PracticeQueue<T>,
  again: boolean,
): PracticeQueue<T> {
  const card = practiceCard(queue);
  if (card === null) return queue;
  const next = queue.index + 1;
  const key = cardKey(card);
  const tries = queue.retries[key] ?? 0;
  if (!again || tries >= MAX_RETRIES) return { ...queue, index: next };
  const cards = [...queue.cards];
  cards.splice(retryPosition(cards, next, card), 0, card);
  return { cards, index: next, retries: { ...queue.retries, [key]: tries + 1 } };
}

/** How far the learner is: cards answered and cards in the session, retries included. */
export function practiceProgress(queue: PracticeQueue<SessionItem>): {
  done: number;
  total: number;
} {
  return { done: Math.min(queue.index, queue.cards.length), total: queue.cards.length };
}
