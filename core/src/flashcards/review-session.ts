import { distractorsFor, sides } from './card.ts';
import type { CardType, CardWord, Flashcard } from './card.ts';
import { toCardDifficulty } from './difficulty.ts';
import { fillerCardWord, REVIEW_FILLER_WORDS } from './fillers.ts';
import { buildCard, MAX_SESSION_CARDS } from './lesson-session.ts';
import { optionKey } from './meaning.ts';
import type { MeaningLanguage } from './meaning.ts';
import type { Random } from './random.ts';

export type ReviewSessionOptions = {
  readonly random: Random;
  /** The learner's meaning language; English when not given. */
  readonly language?: MeaningLanguage;
  readonly maxCards?: number;
};

/** Even positions ask Hungarian → meaning, odd positions meaning → Hungarian. */
export function reviewCardType(position: number): CardType {
  return position % 2 === 0 ? 'hungarian_to_english' : 'english_to_hungarian';
}

const FILLERS = REVIEW_FILLER_WORDS.map(fillerCardWord);

/**
 * The review page's session: the first 20 due words in the order given (most overdue first),
 * directions alternating by position. Distractors prefer other due words of the same difficulty
 * when at least three of them can stand on the card (a meaning in the card's language, not a
 * second right answer), otherwise any other due words, and the five filler words make up what
 * is still missing.
 */
export function buildReviewSession(
  dueWords: readonly CardWord[],
  options: ReviewSessionOptions,
): Flashcard[] {
  const { random, language = 'en', maxCards = MAX_SESSION_CARDS } = options;
  const words = dueWords.slice(0, maxCards);
  return words.map((word, position) => {
    const cardType = reviewCardType(position);
    const others = words.filter((w) => w.id !== word.id);
    const difficulty = toCardDifficulty(word.difficulty);
    const same = others.filter((w) => toCardDifficulty(w.difficulty) === difficulty);
    const { answer, meaning } = sides(word, cardType, language);
    const usable = new Set(distractorsFor(word, cardType, meaning, same).map(optionKey));
    usable.delete(optionKey(answer));
    const lists = usable.size >= 3 ? [same, others, FILLERS] : [others, FILLERS];
    return buildCard(word, cardType, lists, random, language);
  });
}
