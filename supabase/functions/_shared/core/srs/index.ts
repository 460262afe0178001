// Generated from core/src/srs/index.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// Every export of each module, except where a module keeps helpers of its own (progress.ts).
export { newWordProgress, fromFsrsCard, toFsrsCard } from './progress.ts';
export type { CardState, WordProgress } from './progress.ts';
export * from './rating.ts';
export * from './review.ts';
export * from './typed-rating.ts';
export * from './retention.ts';
export * from './skills.ts';
export * from './optimiser-items.ts';
export * from './fit-evaluation.ts';
export * from './learner-parameters.ts';
export * from './simulate-learner.ts';
export * from './due.ts';
export * from './interleave.ts';
export * from './local-day.ts';
export * from './streak.ts';
export * from './next-due.ts';
export * from './rows.ts';
