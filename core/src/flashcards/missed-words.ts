import type { Flashcard } from './card.ts';
import type { Meaning } from './meaning.ts';
import { shuffle, type Random } from './random.ts';
import type { CardResult } from './session-result.ts';

/** A word the learner answered wrongly, as the results screen lists it. */
export type MissedWord = {
  readonly vocabularyId: string;
  readonly hungarian: string;
  /** In the language the card showed it (the learner's, or English marked as a fallback). */
  readonly meaning: Meaning;
};

/** The words of the cards answered wrongly, once each, in the order they came up. */
export function missedWords(
  results: readonly CardResult[],
  cards: readonly Flashcard[],
): MissedWord[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const seen = new Set<string>();
  const missed: MissedWord[] = [];
  for (const result of results) {
    const card = byId.get(result.cardId);
    if (result.correct || !card || seen.has(card.vocabularyId)) continue;
    seen.add(card.vocabularyId);
    missed.push({
      vocabularyId: card.vocabularyId,
      hungarian: card.hungarian,
      meaning: card.meaning,
    });
  }
  return missed;
}

/**
 * "Practise these now": a short session of just the missed words, one card each, the card the
 * word was first missed on (the same question, its options in a new order), in a new order.
 */
export function missedWordsSession(
  results: readonly CardResult[],
  cards: readonly Flashcard[],
  random: Random,
): Flashcard[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const seen = new Set<string>();
  const practice: Flashcard[] = [];
  for (const result of results) {
    const card = byId.get(result.cardId);
    if (result.correct || !card || seen.has(card.vocabularyId)) continue;
    seen.add(card.vocabularyId);
    practice.push({ ...card, options: shuffle(card.options, random) });
  }
  return shuffle(practice, random);
}
