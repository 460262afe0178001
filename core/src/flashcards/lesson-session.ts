import { distractorsFor, sides } from './card.ts';
import type { CardType, CardWord, Flashcard } from './card.ts';
import { toCardDifficulty } from './difficulty.ts';
import { fillerCardWord, LESSON_FALLBACK_WORDS } from './fillers.ts';
import type { FillerWord } from './fillers.ts';
import type { MeaningLanguage } from './meaning.ts';
import { buildOptions } from './options.ts';
import { shuffle } from './random.ts';
import type { Random } from './random.ts';

export const MAX_SESSION_CARDS = 20;

const CARD_TYPES: readonly CardType[] = ['hungarian_to_english', 'english_to_hungarian'];

/**
 * One card for a word in one direction, its meaning in `language` (English when that is
 * missing); distractors drawn from the candidate word lists in order of preference, in the
 * language of the card's meaning.
 */
export function buildCard(
  word: CardWord,
  cardType: CardType,
  candidateLists: readonly (readonly CardWord[])[],
  random: Random,
  language: MeaningLanguage = 'en',
): Flashcard {
  const { question, answer, meaning } = sides(word, cardType, language);
  const audioUrl = word.audioUrl ?? null;
  const distractorLists = candidateLists.map((list) =>
    distractorsFor(word, cardType, meaning, list),
  );
  return {
    id: `${word.id}:${cardType}`,
    vocabularyId: word.id,
    // Playing the Hungarian word on a meaning question would give the answer away.
    question: { text: question, audioUrl: cardType === 'hungarian_to_english' ? audioUrl : null },
    options: buildOptions(answer, audioUrl, distractorLists, random),
    cardType,
    difficulty: toCardDifficulty(word.difficulty),
    hungarian: word.word_hu.normalize('NFC'),
    meaning,
  };
}

export type LessonSessionOptions = {
  readonly random: Random;
  /** The learner's meaning language; English when not given. */
  readonly language?: MeaningLanguage;
  readonly maxCards?: number;
  readonly fallbackWords?: readonly FillerWord[];
  /**
   * Due words of earlier lessons mixed into the session (get-interleaved-words): one card each,
   * after every word of the lesson has its card and before any lesson word comes back.
   */
  readonly reviewWords?: readonly CardWord[];
  /**
   * How many sessions of this lesson the learner had before (0 for the first). A word's first
   * card asks one way in even rounds and the other way in odd ones, so sessions alternate.
   */
  readonly round?: number;
};

type Slot = { readonly word: CardWord; readonly cardType: CardType };

/** The card type of `word`'s first card in `round`: half the lesson one way, half the other. */
function firstDirection(rank: number, round: number): CardType {
  return CARD_TYPES[(rank + round) % 2] as CardType;
}

/** Ranks by id: a word keeps its rank (and so its direction rule) whatever order it comes in. */
function rankById(words: readonly CardWord[]): Map<string, number> {
  const ids = [...new Set(words.map((w) => w.id))].sort();
  return new Map(ids.map((id, index) => [id, index]));
}

function otherWay(cardType: CardType): CardType {
  return cardType === 'hungarian_to_english' ? 'english_to_hungarian' : 'hungarian_to_english';
}

/** Keeps a word's second card from following its first straight away at the seam. */
function separate(first: Slot[], second: Slot[]): void {
  const last = first.at(-1)?.word.id;
  if (second[0]?.word.id !== last) return;
  const later = second.findIndex((slot) => slot.word.id !== last);
  if (later > 0) {
    second.unshift(...second.splice(later, 1));
  } else if (first.length > 1) {
    first.splice(first.length - 2, 0, ...first.splice(-1, 1));
  }
}

/**
 * The number of cards of a lesson's session: two per lesson word and one per review word, at
 * most 20 (save_flashcard_session asks for at least least(20, 2 × the lesson's words)).
 */
export function lessonSessionSize(
  lessonWords: number,
  reviewWords = 0,
  maxCards = MAX_SESSION_CARDS,
): number {
  return Math.min(maxCards, 2 * lessonWords + reviewWords);
}

/**
 * The lesson's flashcard session (issue 29: every word practised). First every word of the
 * lesson once, one direction each (by its rank and `round`, so the next session asks it the
 * other way), with the review words' cards among them; only then, with the cards left of the
 * session's size, lesson words come back the other way, never straight after their first card.
 * A lesson of more than 20 words has its first 20 asked (words come in the order given: the
 * server puts the least practised first). Distractors come from the lesson's other words, padded
 * with common fallback words when the lesson is small.
 */
export function buildLessonSession(
  words: readonly CardWord[],
  options: LessonSessionOptions,
): Flashcard[] {
  const {
    random,
    language = 'en',
    maxCards = MAX_SESSION_CARDS,
    fallbackWords = LESSON_FALLBACK_WORDS,
    reviewWords = [],
    round = 0,
  } = options;
  const fallback = fallbackWords.map(fillerCardWord);
  const lessonIds = new Set(words.map((w) => w.id));
  const review = reviewWords.filter((w) => !lessonIds.has(w.id));
  const size = lessonSessionSize(words.length, review.length, maxCards);
  const rank = rankById(words);
  const firsts: Slot[] = words.slice(0, size).map((word) => ({
    word,
    cardType: firstDirection(rank.get(word.id) ?? 0, round),
  }));
  const reviews: Slot[] = shuffle(review, random)
    .slice(0, size - firsts.length)
    .map((word) => ({ word, cardType: CARD_TYPES[Math.floor(random() * 2)] as CardType }));
  const again: Slot[] = shuffle(firsts, random)
    .slice(0, size - firsts.length - reviews.length)
    .map(({ word, cardType }) => ({ word, cardType: otherWay(cardType) }));
  const first = shuffle([...firsts, ...reviews], random);
  const second = shuffle(again, random);
  separate(first, second);
  const session = [...words, ...review];
  return [...first, ...second].map(({ word, cardType }) => {
    const others = session.filter((w) => w.id !== word.id);
    return buildCard(word, cardType, [others, fallback], random, language);
  });
}
