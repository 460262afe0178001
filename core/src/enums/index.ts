// The database's enumerations (supabase/migrations: the baseline's "Enumerations" and
// 20261127400000_closed_sets.sql), each as its union type and its list of values, both from the
// generated database types (Enums and Constants of supabase/types/database.ts): the values are
// written once, in the schema, and a value added there reaches every package with the next
// `gen-types`.
import { Constants, type Enums } from '../../../supabase/types/database.ts';

/** A lesson's level, and a word's difficulty (the same set: the level it is taught at). */
export type Level = Enums<'level'>;
/** A voice of the dialogues (DESIGN §8). */
export type Speaker = Enums<'speaker'>;
/** Every kind of feedback the database stores (the dialog offers a subset). */
export type StoredFeedbackType = Enums<'feedback_type'>;
export type FeedbackStatus = Enums<'feedback_status'>;
export type AppRole = Enums<'app_role'>;
/**
 * The learners' languages: the interface languages, and the languages every meaning and line
 * translation exists in (profiles.meaning_language; word_en/de/es, translation_en/de/es).
 */
export type LanguageCode = Enums<'language_code'>;
/** lessons.language_from, in the spec's spelling (english, german, spanish). */
export type SourceLanguage = Enums<'source_language'>;
/** lessons.language_to. */
export type TargetLanguage = Enums<'target_language'>;
/** lesson_files.file_type. */
export type LessonFileKind = Enums<'lesson_file_type'>;
/** lesson_qa_reviews.status. */
export type QaStatus = Enums<'qa_status'>;

const { Enums: values } = Constants.public;

export const LEVELS = values.level;
export const SPEAKERS = values.speaker;
export const STORED_FEEDBACK_TYPES = values.feedback_type;
export const FEEDBACK_STATUSES = values.feedback_status;
export const APP_ROLES = values.app_role;
/** The one list of the learners' languages, in the schema's order: en, de, es. */
export const LANGUAGE_CODES = values.language_code;
export const SOURCE_LANGUAGES = values.source_language;
export const TARGET_LANGUAGES = values.target_language;
export const LESSON_FILE_KINDS = values.lesson_file_type;
export const QA_STATUSES = values.qa_status;

/** A lesson's language_from for a learner language (the spec spells the two sets differently). */
export const SOURCE_LANGUAGE_OF = {
  en: 'english',
  de: 'german',
  es: 'spanish',
} as const satisfies Readonly<Record<LanguageCode, SourceLanguage>>;

/** What a learner practises on an item, each with its own FSRS state (DESIGN §12.1). */
export type Skill = Enums<'skill'>;
export const SKILLS = values.skill;

/** True when `value` is one of `values` (narrows it to their union). */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
