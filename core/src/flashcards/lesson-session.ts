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
};

/**
 * The lesson's flashcard session: two cards per word (Hungarian → meaning and meaning →
 * Hungarian), shuffled, at most 20. Distractors come from the lesson's other words, padded with
 * common fallback words when the lesson is small.
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
  } = options;
  const fallback = fallbackWords.map(fillerCardWord);
  const slots = shuffle(
    words.flatMap((word) => CARD_TYPES.map((cardType) => ({ word, cardType }))),
    random,
  ).slice(0, maxCards);
  return slots.map(({ word, cardType }) => {
    const others = words.filter((w) => w.id !== word.id);
    return buildCard(word, cardType, [others, fallback], random, language);
  });
}
