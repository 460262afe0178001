export { newWordProgress, fromFsrsCard, toFsrsCard } from './progress.ts';
export type { CardState, WordProgress } from './progress.ts';
export { ratingForAnswer } from './rating.ts';
export type { AnswerRating, McAnswer } from './rating.ts';
export { reviewWord } from './review.ts';
export type { ReviewLogRecord, ReviewOptions, ReviewOutcome } from './review.ts';
export { DUE_WORDS_LIMIT, selectDueWords } from './due.ts';
export type { DueOptions } from './due.ts';
export { NEW_WORDS_PER_SESSION, REVIEW_WORDS_PER_SESSION, interleaveWords } from './interleave.ts';
export type { InterleaveOptions, InterleavedWord } from './interleave.ts';
export {
  DAY_CUTOFF_HOUR,
  addDays,
  daysBetween,
  localDay,
  startOfLocalDay,
  zonedParts,
} from './local-day.ts';
export type { LocalDay } from './local-day.ts';
export { computeStreaks } from './streak.ts';
export type { Streaks } from './streak.ts';
export { reviewLogToRow, wordProgressFromRow, wordProgressToRow } from './rows.ts';
export type { ReviewLogRow, WordProgressRow } from './rows.ts';
