export { mulberry32, seedFromText, shuffle } from './random.ts';
export type { Random } from './random.ts';
export { toCardDifficulty } from './difficulty.ts';
export type { CardDifficulty } from './difficulty.ts';
export { distractorsFor, sides } from './card.ts';
export type { CardSides, CardType, CardWord, Flashcard, FlashcardOption } from './card.ts';
export { LESSON_FALLBACK_WORDS, REVIEW_FILLER_WORDS, fillerCardWord } from './fillers.ts';
export type { FillerWord } from './fillers.ts';
export { OPTIONS_PER_CARD, buildOptions } from './options.ts';
export { MAX_SESSION_CARDS, buildCard, buildLessonSession } from './lesson-session.ts';
export type { LessonSessionOptions } from './lesson-session.ts';
export { buildReviewSession, reviewCardType } from './review-session.ts';
export type { ReviewSessionOptions } from './review-session.ts';
export {
  PASS_RATIO,
  accuracyPercent,
  isPassed,
  passMark,
  summariseSession,
} from './session-result.ts';
export type { CardResult, SessionResult } from './session-result.ts';
export { missedWords } from './missed-words.ts';
export type { MissedWord } from './missed-words.ts';
export {
  answerCard,
  currentCard,
  isLastCard,
  nextCard,
  sessionPassed,
  sessionResult,
  startSession,
} from './session-machine.ts';
export type { SessionState } from './session-machine.ts';
export {
  FALLBACK_MEANING_LANGUAGE,
  MEANING_LANGUAGES,
  isMeaningLanguage,
  lineTranslationIn,
  meaningIn,
  optionKey,
  pickTranslation,
  resolveMeaningLanguage,
  textIn,
} from './meaning.ts';
export type {
  LineTranslations,
  Meaning,
  MeaningLanguage,
  Translations,
  WordMeanings,
} from './meaning.ts';
