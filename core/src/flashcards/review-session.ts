import { sides } from './card.ts';
import type { CardType, CardWord, Flashcard } from './card.ts';
import { toCardDifficulty } from './difficulty.ts';
import { REVIEW_FILLER_WORDS } from './fillers.ts';
import { buildCard, MAX_SESSION_CARDS } from './lesson-session.ts';
import type { Random } from './random.ts';

export type ReviewSessionOptions = { readonly random: Random; readonly maxCards?: number };

/** Even positions ask Hungarian → English, odd positions English → Hungarian. */
export function reviewCardType(position: number): CardType {
  return position % 2 === 0 ? 'hungarian_to_english' : 'english_to_hungarian';
}

/**
 * The review page's session: the first 20 due words in the order given (most overdue first),
 * directions alternating by position. Distractors prefer other due words of the same difficulty
 * when at least three exist, otherwise any other due words, and the five filler words make up
 * what is still missing.
 */
export function buildReviewSession(
  dueWords: readonly CardWord[],
  options: ReviewSessionOptions,
): Flashcard[] {
  const { random, maxCards = MAX_SESSION_CARDS } = options;
  const words = dueWords.slice(0, maxCards);
  return words.map((word, position) => {
    const cardType = reviewCardType(position);
    const others = words.filter((w) => w.id !== word.id);
    const difficulty = toCardDifficulty(word.difficulty);
    const same = others.filter((w) => toCardDifficulty(w.difficulty) === difficulty);
    const answersOf = (list: readonly CardWord[]) => list.map((w) => sides(w, cardType).answer);
    const fillers = REVIEW_FILLER_WORDS.map((f) =>
      cardType === 'hungarian_to_english' ? f.en : f.hu,
    );
    const lists =
      same.length >= 3
        ? [answersOf(same), answersOf(others), fillers]
        : [answersOf(others), fillers];
    return buildCard(word, cardType, lists, random);
  });
}
