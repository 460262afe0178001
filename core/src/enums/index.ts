// The database's enumerations ("Enumerations" in supabase/migrations/20261126400000_baseline.sql),
// each as its union type from the generated database types and one const array in a fixed order,
// checked at compile time to list every value of the enum: a value added to the database
// without being added here (or a value here the database does not have) fails the typecheck.
import type { Enums } from '../../../supabase/types/database.ts';

/** A lesson's level, and a word's difficulty (the same set: the level it is taught at). */
export type Level = Enums<'level'>;
/** A voice of the dialogues (DESIGN §8). */
export type Speaker = Enums<'speaker'>;
/** Every kind of feedback the database stores (the dialog offers a subset). */
export type StoredFeedbackType = Enums<'feedback_type'>;
export type FeedbackStatus = Enums<'feedback_status'>;
export type AppRole = Enums<'app_role'>;

type Missing<T, A extends readonly unknown[]> = Exclude<T, A[number]>;

/**
 * `values`, when it lists every member of T; otherwise a type error that names the missing
 * ones (`missing: 'advanced'`). Elements outside T are refused by the element type.
 */
export function everyValue<T extends string>() {
  return <const A extends readonly T[]>(
    values: A & ([Missing<T, A>] extends [never] ? unknown : { missing: Missing<T, A> }),
  ): A => values;
}

export const LEVELS = everyValue<Level>()(['beginner', 'intermediate', 'advanced']);
export const SPEAKERS = everyValue<Speaker>()(['narrator', 'anna', 'bence']);
export const STORED_FEEDBACK_TYPES = everyValue<StoredFeedbackType>()([
  'bug',
  'feature',
  'content',
  'general',
  'others',
]);
export const FEEDBACK_STATUSES = everyValue<FeedbackStatus>()([
  'new',
  'reviewing',
  'resolved',
  'closed',
]);
export const APP_ROLES = everyValue<AppRole>()(['admin', 'user']);

/** What a learner practises on an item, each with its own FSRS state (DESIGN §12.1). */
export type Skill = Enums<'skill'>;
export const SKILLS = everyValue<Skill>()([
  'recognition',
  'recall',
  'listening',
  'dictation',
  'speaking',
]);

/** True when `value` is one of `values` (narrows it to their union). */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
