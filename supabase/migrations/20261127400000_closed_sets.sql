-- Closed sets as enums (issue 33): each set of values is written once, here, and reaches
-- TypeScript through the generated types (Enums, and Constants with each enum's values in order,
-- in supabase/types/database.ts); core's lists are those constants, never hand-kept copies.
--   language_code      profiles.meaning_language: the languages meanings and translations exist in
--                      (word_en/de/es, translation_en/de/es); the apps' interface languages too
--   source_language    lessons.language_from, in the spec's spelling (english, german, spanish)
--   target_language    lessons.language_to
--   lesson_file_type   lesson_files.file_type
--   qa_status          lesson_qa_reviews.status
-- A value outside a set is now refused with 22P02 (invalid input value for enum) instead of the
-- CHECK constraint's 23514; PostgREST answers both with 400.

create type public.language_code as enum ('en', 'de', 'es');
create type public.source_language as enum ('english', 'german', 'spanish');
create type public.target_language as enum ('hungarian');
create type public.lesson_file_type as enum (
  'audio', 'image', 'video', 'document', 'transcript', 'vocabulary', 'other'
);
create type public.qa_status as enum ('approved');

alter table public.profiles drop constraint profiles_meaning_language_check;
alter table public.profiles
  alter column meaning_language type public.language_code
  using meaning_language::public.language_code;

alter table public.lessons
  drop constraint lessons_language_from_check,
  drop constraint lessons_language_to_check,
  alter column language_from drop default,
  alter column language_to drop default;
alter table public.lessons
  alter column language_from type public.source_language
    using language_from::public.source_language,
  alter column language_to type public.target_language using language_to::public.target_language;
alter table public.lessons
  alter column language_from set default 'english',
  alter column language_to set default 'hungarian';

alter table public.lesson_files drop constraint lesson_files_file_type_check;
alter table public.lesson_files
  alter column file_type type public.lesson_file_type using file_type::public.lesson_file_type;

alter table public.lesson_qa_reviews
  drop constraint lesson_qa_reviews_status_check,
  alter column status drop default;
alter table public.lesson_qa_reviews
  alter column status type public.qa_status using status::public.qa_status;
alter table public.lesson_qa_reviews alter column status set default 'approved';
