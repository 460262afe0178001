import { sides } from './card.ts';
import type { CardType, CardWord, Flashcard } from './card.ts';
import { toCardDifficulty } from './difficulty.ts';
import { LESSON_FALLBACK_WORDS } from './fillers.ts';
import type { FillerWord } from './fillers.ts';
import { buildOptions } from './options.ts';
import { shuffle } from './random.ts';
import type { Random } from './random.ts';

export const MAX_SESSION_CARDS = 20;

const CARD_TYPES: readonly CardType[] = ['hungarian_to_english', 'english_to_hungarian'];

/** One card for a word in one direction, distractors drawn from the given lists in order. */
export function buildCard(
  word: CardWord,
  cardType: CardType,
  distractorLists: readonly (readonly string[])[],
  random: Random,
): Flashcard {
  const { question, answer } = sides(word, cardType);
  const audioUrl = word.audioUrl ?? null;
  return {
    id: `${word.id}:${cardType}`,
    vocabularyId: word.id,
    // Playing the Hungarian word on an English question would give the answer away.
    question: { text: question, audioUrl: cardType === 'hungarian_to_english' ? audioUrl : null },
    options: buildOptions(answer, audioUrl, distractorLists, random),
    cardType,
    difficulty: toCardDifficulty(word.difficulty),
    hungarian: word.word_hu.normalize('NFC'),
  };
}

export type LessonSessionOptions = {
  readonly random: Random;
  readonly maxCards?: number;
  readonly fallbackWords?: readonly FillerWord[];
};

/**
 * The lesson's flashcard session: two cards per word (Hungarian → English and English →
 * Hungarian), shuffled, at most 20. Distractors come from the lesson's other words, padded with
 * common fallback words when the lesson is small.
 */
export function buildLessonSession(
  words: readonly CardWord[],
  options: LessonSessionOptions,
): Flashcard[] {
  const { random, maxCards = MAX_SESSION_CARDS, fallbackWords = LESSON_FALLBACK_WORDS } = options;
  const slots = shuffle(
    words.flatMap((word) => CARD_TYPES.map((cardType) => ({ word, cardType }))),
    random,
  ).slice(0, maxCards);
  return slots.map(({ word, cardType }) => {
    const others = words.filter((w) => w.id !== word.id).map((w) => sides(w, cardType).answer);
    const fallback = fallbackWords.map((f) => (cardType === 'hungarian_to_english' ? f.en : f.hu));
    return buildCard(word, cardType, [others, fallback], random);
  });
}
