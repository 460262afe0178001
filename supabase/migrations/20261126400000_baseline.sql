-- Baseline: the whole schema of Magyarul as the eighteen migrations from 20261121213000 to
-- 20261126400000 left it, written once (issue 15). It carries the version of the last of them,
-- so a database that applied that history (locally or on hosted Supabase) has this version
-- recorded already and applies nothing; a fresh database gets the same schema in one step. The
-- old files are in the git history before the squash. Migrations from here on are append-only.
--
-- Sections: enumerations; shared helpers; roles, second factor and profiles; lesson content;
-- learner data; feedback; storage; procedures (reads and admin figures); progress through the
-- rules; the due queue; saving transcripts and translation status; the landing page figures.
--
-- Authorization helpers are security definer with a pinned search_path and granted explicitly.
-- Hungarian text is stored NFC-normalised (macOS hands out NFD); the checks reject anything else.
-- Errors the procedures raise: 42501 (not allowed), 22023 (bad argument), PT404 (not found),
-- PT409 (conflicts with what is stored), 40001 (changed concurrently: read again and retry).
-- Some columns sit after created_at/updated_at because they came later: the order is kept, so
-- a database built from this file and one built from the old history have the same rows.
-- Plain SQL owned by postgres: applies on PGlite, PostgreSQL 15 and hosted Supabase alike.

-- Enumerations -----------------------------------------------------------------------------------
-- The fixed lists are Postgres enums, so the generated TypeScript types carry each list as a
-- union and every package takes it from there (core derives its const arrays from them). A value
-- outside a list is refused with 22P02 (invalid input value for enum).
--   level            lessons.level and lesson_vocabulary.difficulty: one canonical set, a word's
--                    difficulty is the level it is taught at (the editor's easy/medium/hard are
--                    mapped in core before they reach the database)
--   speaker          lesson_transcript.speaker
--   feedback_type    user_feedback.feedback_type
--   feedback_status  user_feedback.status
--   app_role         user_roles.role
create type public.level as enum ('beginner', 'intermediate', 'advanced');
create type public.speaker as enum ('narrator', 'anna', 'bence');
create type public.feedback_type as enum ('bug', 'feature', 'content', 'general', 'others');
create type public.feedback_status as enum ('new', 'reviewing', 'resolved', 'closed');
create type public.app_role as enum ('admin', 'user');

-- Shared helpers ---------------------------------------------------------------------------------
-- updated_at maintenance.
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- IANA zone check for profiles.time_zone. Declared stable: the zone list only changes with a
-- tzdata upgrade, and an existing row stays valid then (Postgres keeps old zone aliases).
create or replace function public.is_valid_time_zone(_zone text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names where name = _zone)
$$;

-- Roles --------------------------------------------------------------------------------------------
-- One row per user, so "read role by user_id" is a single row (maybeSingle-safe).
create table public.user_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role public.app_role not null default 'user',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index user_roles_admin_idx on public.user_roles (user_id) where role = 'admin';
create trigger user_roles_set_updated_at before update on public.user_roles
  for each row execute function public.set_updated_at();

-- Second factor: an admin who has enrolled a second factor is an admin only in a session that
-- proved it (aal2): with a password alone (aal1) the account is treated as a learner, for writes
-- and reads, by every policy and procedure, because they all ask public.is_admin(). Supabase's
-- documented pattern for "MFA for users who enrolled": the JWT's aal claim against
-- auth.mfa_factors. An admin without a verified factor is unaffected.

-- True when the caller's session is as strong as their factors ask: aal2, or no verified factor.
create or replace function public.admin_assurance_satisfied() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
$$;
revoke all on function public.admin_assurance_satisfied() from public, anon, authenticated, service_role;

-- is_admin(): the caller (auth.uid() of the request JWT) holds the admin role and, having a
-- second factor, used it.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin'
  ) and public.admin_assurance_satisfied()
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

alter table public.user_roles enable row level security;

create policy "Users read their own role" on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read every role" on public.user_roles
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins grant roles" on public.user_roles
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change roles" on public.user_roles
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins revoke roles" on public.user_roles
  for delete to authenticated
  using ((select public.is_admin()));

-- Profiles -----------------------------------------------------------------------------------------
-- meaning_language is the language the learner reads meanings in ('en', 'de', 'es'). Null means
-- "not chosen yet": the app then uses the interface language. It lives on the profile so it
-- follows the learner to another device.
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  name text,
  time_zone text not null default 'UTC',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  meaning_language text,
  constraint profiles_name_check check (
    name is null or (char_length(btrim(name)) between 1 and 100 and name = normalize(name, NFC))
  ),
  constraint profiles_time_zone_check check (public.is_valid_time_zone(time_zone)),
  constraint profiles_meaning_language_check check (
    meaning_language is null or meaning_language in ('en', 'de', 'es')
  )
);
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

alter table public.profiles enable row level security;

create policy "Learners read their own profile" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Learners create their own profile" on public.profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Learners update their own profile" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Admins read every profile" on public.profiles
  for select to authenticated
  using ((select public.is_admin()));

-- New auth users get a profile (name from the sign-up metadata) and the 'user' role.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  _name text := nullif(
    btrim(coalesce(new.raw_user_meta_data ->> 'name', new.raw_user_meta_data ->> 'full_name')),
    ''
  );
begin
  insert into public.profiles (user_id, name)
  values (new.id, left(normalize(_name, NFC), 100))
  on conflict (user_id) do nothing;
  insert into public.user_roles (user_id, role)
  values (new.id, 'user')
  on conflict (user_id) do nothing;
  return new;
end
$$;
revoke all on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Lesson content: lessons, transcript lines, vocabulary, QA reviews, files and the tourist pack.
-- Meanings in the learner's own language: the product teaches English, German and Spanish
-- speakers, so every vocabulary word and tourist-pack word carries its meaning in all three
-- (word_en keeps the spec's name; word_de and word_es stand beside it), and every transcript line
-- can carry a translation in each. A missing translation is null, never an empty string, so the
-- apps can fall back to English visibly.

-- lessons ------------------------------------------------------------------------------------------
-- slow_audio_url: a slower rendering of the dialogue for beginners, with its own line times in
-- lesson_transcript (slow_start_time, slow_end_time), so the transcript follows whichever version
-- plays. Optional: a lesson without slow audio (everything the studio and the admin editor
-- publish) simply offers one speed.
create table public.lessons (
  id uuid primary key default gen_random_uuid(),
  lesson_number integer,
  title text not null,
  description text,
  level public.level not null default 'beginner',
  topic text,
  duration integer,
  audio_url text,
  image_url text,
  is_published boolean not null default false,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  language_from text not null default 'english',
  language_to text not null default 'hungarian',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  slow_audio_url text,
  constraint lessons_lesson_number_key unique (lesson_number),
  constraint lessons_lesson_number_check check (lesson_number is null or lesson_number >= 1),
  constraint lessons_title_check check (
    char_length(btrim(title)) between 1 and 200 and title = normalize(title, NFC)
  ),
  constraint lessons_description_check check (
    description is null or description = normalize(description, NFC)
  ),
  constraint lessons_duration_check check (duration is null or duration >= 0),
  constraint lessons_language_from_check check (language_from in ('english', 'german', 'spanish')),
  constraint lessons_language_to_check check (language_to in ('hungarian'))
);
-- Published list ordered by number (landing, dashboard); QA "recently modified".
create index lessons_published_number_idx on public.lessons (lesson_number) where is_published;
create index lessons_updated_at_idx on public.lessons (updated_at desc);
create index lessons_created_by_idx on public.lessons (created_by);
create trigger lessons_set_updated_at before update on public.lessons
  for each row execute function public.set_updated_at();

-- A new recording makes the old slow one wrong (its lines and times belong to the old audio):
-- when audio_url changes and the same update does not also set slow_audio_url (the studio and
-- the admin editor publish only the normal recording), the slow version is withdrawn.
create or replace function public.lessons_drop_stale_slow_audio() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.audio_url is distinct from old.audio_url
     and new.slow_audio_url is not distinct from old.slow_audio_url then
    new.slow_audio_url := null;
  end if;
  return new;
end
$$;
create trigger lessons_drop_stale_slow_audio before update of audio_url on public.lessons
  for each row execute function public.lessons_drop_stale_slow_audio();

alter table public.lessons enable row level security;

create policy "Anyone reads published lessons" on public.lessons
  for select to anon, authenticated
  using (is_published);
create policy "Admins read every lesson" on public.lessons
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins create lessons" on public.lessons
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update lessons" on public.lessons
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete lessons" on public.lessons
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_transcript --------------------------------------------------------------------------------
create table public.lesson_transcript (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  line_number integer not null,
  speaker public.speaker not null,
  text_content text not null,
  start_time double precision,
  end_time double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  translation_en text,
  translation_de text,
  translation_es text,
  slow_start_time double precision,
  slow_end_time double precision,
  constraint lesson_transcript_lesson_line_key unique (lesson_id, line_number),
  constraint lesson_transcript_line_number_check check (line_number >= 0),
  constraint lesson_transcript_text_check check (
    char_length(btrim(text_content)) >= 1 and text_content = normalize(text_content, NFC)
  ),
  constraint lesson_transcript_times_check check (
    (start_time is null or start_time >= 0)
    and (end_time is null or end_time >= 0)
    and (start_time is null or end_time is null or end_time >= start_time)
  ),
  constraint lesson_transcript_translation_en_check check (
    translation_en is null
    or (char_length(btrim(translation_en)) >= 1 and translation_en = normalize(translation_en, NFC))
  ),
  constraint lesson_transcript_translation_de_check check (
    translation_de is null
    or (char_length(btrim(translation_de)) >= 1 and translation_de = normalize(translation_de, NFC))
  ),
  constraint lesson_transcript_translation_es_check check (
    translation_es is null
    or (char_length(btrim(translation_es)) >= 1 and translation_es = normalize(translation_es, NFC))
  ),
  constraint lesson_transcript_slow_times_check check (
    (slow_start_time is null or slow_start_time >= 0)
    and (slow_end_time is null or slow_end_time >= 0)
    and (slow_start_time is null or slow_end_time is null or slow_end_time >= slow_start_time)
  )
);
create trigger lesson_transcript_set_updated_at before update on public.lesson_transcript
  for each row execute function public.set_updated_at();

alter table public.lesson_transcript enable row level security;

create policy "Anyone reads the transcript of published lessons" on public.lesson_transcript
  for select to anon, authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id and l.is_published));
create policy "Admins read every transcript" on public.lesson_transcript
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add transcript lines" on public.lesson_transcript
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit transcript lines" on public.lesson_transcript
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete transcript lines" on public.lesson_transcript
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_vocabulary --------------------------------------------------------------------------------
-- A lesson's vocabulary is listed "ordered by created_at" (admin-side.md), but its words are
-- inserted in one statement and share created_at (now() is the transaction's start), so their
-- order would be whatever the table's storage gave back: editing a word would move it to the end
-- of the list on the next load. created_seq records the order rows were inserted in (the order
-- of a multi-row insert) and breaks that tie.
create table public.lesson_vocabulary (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  word_hu text not null,
  word_en text not null,
  difficulty public.level not null default 'beginner',
  audio_file_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_seq bigint generated by default as identity,
  word_de text,
  word_es text,
  constraint lesson_vocabulary_word_hu_check check (
    char_length(btrim(word_hu)) >= 1 and word_hu = normalize(word_hu, NFC)
  ),
  constraint lesson_vocabulary_word_en_check check (
    char_length(btrim(word_en)) >= 1 and word_en = normalize(word_en, NFC)
  ),
  constraint lesson_vocabulary_word_de_check check (
    word_de is null or (char_length(btrim(word_de)) >= 1 and word_de = normalize(word_de, NFC))
  ),
  constraint lesson_vocabulary_word_es_check check (
    word_es is null or (char_length(btrim(word_es)) >= 1 and word_es = normalize(word_es, NFC))
  )
);
create index lesson_vocabulary_lesson_order_idx
  on public.lesson_vocabulary (lesson_id, created_at, created_seq);
-- Tourist-pack matching compares lower-cased NFC words.
create index lesson_vocabulary_word_hu_lower_idx on public.lesson_vocabulary (lower(word_hu));
create trigger lesson_vocabulary_set_updated_at before update on public.lesson_vocabulary
  for each row execute function public.set_updated_at();

alter table public.lesson_vocabulary enable row level security;

create policy "Anyone reads the vocabulary of published lessons" on public.lesson_vocabulary
  for select to anon, authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id and l.is_published));
create policy "Admins read every vocabulary word" on public.lesson_vocabulary
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add vocabulary words" on public.lesson_vocabulary
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit vocabulary words" on public.lesson_vocabulary
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete vocabulary words" on public.lesson_vocabulary
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_qa_reviews --------------------------------------------------------------------------------
create table public.lesson_qa_reviews (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  qa_notes text not null,
  status text not null default 'approved',
  reviewed_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint lesson_qa_reviews_status_check check (status in ('approved')),
  constraint lesson_qa_reviews_notes_check check (char_length(btrim(qa_notes)) >= 1)
);
create index lesson_qa_reviews_lesson_idx on public.lesson_qa_reviews (lesson_id, created_at desc);

alter table public.lesson_qa_reviews enable row level security;

create policy "Admins read QA reviews" on public.lesson_qa_reviews
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins write QA reviews" on public.lesson_qa_reviews
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit QA reviews" on public.lesson_qa_reviews
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete QA reviews" on public.lesson_qa_reviews
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_files -------------------------------------------------------------------------------------
create table public.lesson_files (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  file_name text not null,
  file_path text not null,
  file_type text not null,
  mime_type text,
  file_size bigint,
  bucket_id text not null,
  uploaded_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint lesson_files_file_type_check check (
    file_type in ('audio', 'image', 'video', 'document', 'transcript', 'vocabulary', 'other')
  ),
  constraint lesson_files_bucket_check check (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
  ),
  constraint lesson_files_file_size_check check (file_size is null or file_size >= 0),
  constraint lesson_files_name_check check (file_name = normalize(file_name, NFC))
);
create index lesson_files_lesson_idx on public.lesson_files (lesson_id);

alter table public.lesson_files enable row level security;

create policy "Admins read lesson files" on public.lesson_files
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins record lesson files" on public.lesson_files
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit lesson files" on public.lesson_files
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete lesson files" on public.lesson_files
  for delete to authenticated
  using ((select public.is_admin()));

-- tourist_pack_words -------------------------------------------------------------------------------
create table public.tourist_pack_words (
  id uuid primary key default gen_random_uuid(),
  position integer not null,
  word_hu text not null,
  word_en text not null,
  created_at timestamptz not null default now(),
  word_de text,
  word_es text,
  constraint tourist_pack_words_position_key unique (position),
  constraint tourist_pack_words_position_check check (position >= 1),
  constraint tourist_pack_words_word_hu_check check (
    char_length(btrim(word_hu)) >= 1 and word_hu = normalize(word_hu, NFC)
  ),
  constraint tourist_pack_words_word_en_check check (char_length(btrim(word_en)) >= 1),
  constraint tourist_pack_words_word_de_check check (
    word_de is null or (char_length(btrim(word_de)) >= 1 and word_de = normalize(word_de, NFC))
  ),
  constraint tourist_pack_words_word_es_check check (
    word_es is null or (char_length(btrim(word_es)) >= 1 and word_es = normalize(word_es, NFC))
  )
);
create index tourist_pack_words_word_hu_lower_idx on public.tourist_pack_words (lower(word_hu));

alter table public.tourist_pack_words enable row level security;

create policy "Anyone reads the tourist pack" on public.tourist_pack_words
  for select to anon, authenticated
  using (true);
create policy "Admins add tourist pack words" on public.tourist_pack_words
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit tourist pack words" on public.tourist_pack_words
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete tourist pack words" on public.tourist_pack_words
  for delete to authenticated
  using ((select public.is_admin()));

-- Learner data: lesson progress, per-word FSRS state, the review log and flashcard sessions.
-- Learners read only their own rows; admins read everything. Progress is written through the
-- rules (DESIGN §10, issue 10 point 4): these four tables are read-only for the API roles (no
-- write policy, no write grant), because with RLS alone checking user_id "lesson 10 completed
-- with a score of 999999", back-dated reviews (a 30-day streak) and times_seen = 100000 all went
-- through and fed the admin Users and Analytics tabs. Every change goes through a procedure in
-- "Progress through the rules" below.

-- updated_at is the time the step happened. The procedures set it (an answer given offline
-- keeps its time); any other update that leaves it alone still gets now().
create or replace function public.set_progress_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end
$$;
revoke all on function public.set_progress_updated_at() from public, anon, authenticated;

-- user_lesson_progress -----------------------------------------------------------------------------
create table public.user_lesson_progress (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  audio_completed boolean not null default false,
  flashcard_score integer,
  flashcard_passed boolean not null default false,
  flashcard_accuracy double precision,
  is_completed boolean not null default false,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The upserts are keyed on (user_id, lesson_id).
  constraint user_lesson_progress_user_lesson_key unique (user_id, lesson_id),
  constraint user_lesson_progress_score_check check (flashcard_score is null or flashcard_score >= 0),
  constraint user_lesson_progress_accuracy_check check (
    flashcard_accuracy is null or (flashcard_accuracy >= 0 and flashcard_accuracy <= 100)
  )
);
create index user_lesson_progress_lesson_idx on public.user_lesson_progress (lesson_id);
create index user_lesson_progress_completed_idx on public.user_lesson_progress (user_id)
  where is_completed;
create index user_lesson_progress_updated_at_idx on public.user_lesson_progress (updated_at);
create trigger user_lesson_progress_set_updated_at before update on public.user_lesson_progress
  for each row execute function public.set_progress_updated_at();

alter table public.user_lesson_progress enable row level security;

create policy "Learners read their own lesson progress" on public.user_lesson_progress
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all lesson progress" on public.user_lesson_progress
  for select to authenticated
  using ((select public.is_admin()));

-- user_vocabulary_progress -------------------------------------------------------------------------
-- FSRS card state per (user, word); state follows ts-fsrs: 0 new, 1 learning, 2 review, 3 relearning.
create table public.user_vocabulary_progress (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  vocabulary_id uuid not null references public.lesson_vocabulary (id) on delete cascade,
  due timestamptz not null default now(),
  stability double precision not null default 0,
  difficulty double precision not null default 0,
  elapsed_days integer not null default 0,
  scheduled_days integer not null default 0,
  learning_steps integer not null default 0,
  reps integer not null default 0,
  lapses integer not null default 0,
  state smallint not null default 0,
  last_review timestamptz,
  times_seen integer not null default 0,
  times_correct integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_vocabulary_progress_user_vocabulary_key unique (user_id, vocabulary_id),
  constraint user_vocabulary_progress_state_check check (state between 0 and 3),
  constraint user_vocabulary_progress_counts_check check (
    stability >= 0 and difficulty >= 0 and elapsed_days >= 0 and scheduled_days >= 0
    and learning_steps >= 0 and reps >= 0 and lapses >= 0
    and times_seen >= 0 and times_correct >= 0 and times_correct <= times_seen
  )
);
-- Due queue: the caller's words ordered by due.
create index user_vocabulary_progress_user_due_idx on public.user_vocabulary_progress (user_id, due);
create index user_vocabulary_progress_vocabulary_idx on public.user_vocabulary_progress (vocabulary_id);
create trigger user_vocabulary_progress_set_updated_at
  before update on public.user_vocabulary_progress
  for each row execute function public.set_progress_updated_at();

alter table public.user_vocabulary_progress enable row level security;

create policy "Learners read their own word progress" on public.user_vocabulary_progress
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all word progress" on public.user_vocabulary_progress
  for select to authenticated
  using ((select public.is_admin()));

-- review_log ---------------------------------------------------------------------------------------
-- Append-only: one row per answered card, with the FSRS log fields so parameters can be
-- optimised per learner later. session_id is the client's session uuid (no row exists for it
-- until the session is saved to flashcard_sessions, if ever). client_answer_id is the client's
-- id for the answer (the offline queue's idempotency key): one answer, once.
create table public.review_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  vocabulary_id uuid not null references public.lesson_vocabulary (id) on delete cascade,
  rating smallint not null,
  state smallint not null,
  due timestamptz not null,
  stability double precision not null,
  difficulty double precision not null,
  elapsed_days integer not null default 0,
  last_elapsed_days integer not null default 0,
  scheduled_days integer not null default 0,
  learning_steps integer not null default 0,
  was_correct boolean not null,
  reviewed_at timestamptz not null default now(),
  duration_ms integer,
  session_id uuid,
  client_answer_id uuid,
  constraint review_log_rating_check check (rating between 1 and 4),
  constraint review_log_state_check check (state between 0 and 3),
  constraint review_log_duration_check check (duration_ms is null or duration_ms >= 0)
);
create index review_log_user_reviewed_at_idx on public.review_log (user_id, reviewed_at);
create index review_log_vocabulary_idx on public.review_log (vocabulary_id);
create index review_log_reviewed_at_idx on public.review_log (reviewed_at);
create unique index review_log_user_client_answer_key on public.review_log (user_id, client_answer_id)
  where client_answer_id is not null;
create index review_log_user_session_idx on public.review_log (user_id, session_id)
  where session_id is not null;

alter table public.review_log enable row level security;

create policy "Learners read their own reviews" on public.review_log
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all reviews" on public.review_log
  for select to authenticated
  using ((select public.is_admin()));

-- flashcard_sessions -------------------------------------------------------------------------------
create table public.flashcard_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  lesson_id uuid references public.lessons (id) on delete set null,
  total_cards integer not null default 0,
  correct_answers integer not null default 0,
  accuracy double precision,
  session_completed boolean not null default false,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint flashcard_sessions_counts_check check (
    total_cards >= 0 and correct_answers >= 0 and correct_answers <= total_cards
  ),
  constraint flashcard_sessions_accuracy_check check (
    accuracy is null or (accuracy >= 0 and accuracy <= 100)
  )
);
create index flashcard_sessions_user_idx on public.flashcard_sessions (user_id, created_at);
create index flashcard_sessions_lesson_idx on public.flashcard_sessions (lesson_id);

alter table public.flashcard_sessions enable row level security;

create policy "Learners read their own flashcard sessions" on public.flashcard_sessions
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all flashcard sessions" on public.flashcard_sessions
  for select to authenticated
  using ((select public.is_admin()));

-- The four tables are read-only for the API roles.
revoke insert, update, delete, truncate, references, trigger
  on public.user_lesson_progress, public.user_vocabulary_progress, public.review_log,
     public.flashcard_sessions
  from anon, authenticated;

-- Feedback -----------------------------------------------------------------------------------------
create table public.user_feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  feedback_type public.feedback_type not null default 'general',
  title text not null,
  description text not null,
  status public.feedback_status not null default 'new',
  page_url text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_feedback_title_check check (char_length(btrim(title)) between 1 and 100),
  constraint user_feedback_description_check check (
    char_length(btrim(description)) between 1 and 1000
  )
);
-- The length limits came after the first feedback was sent, so they were added without checking
-- the rows already there (not valid); they hold for every row written since. They stay not valid
-- here, so every database has the same constraints.
alter table public.user_feedback
  add constraint user_feedback_page_url_check check (page_url is null or char_length(page_url) <= 2048) not valid,
  add constraint user_feedback_user_agent_check check (user_agent is null or char_length(user_agent) <= 512) not valid;
create index user_feedback_created_at_idx on public.user_feedback (created_at desc);
create index user_feedback_user_idx on public.user_feedback (user_id);
create index user_feedback_user_created_idx on public.user_feedback (user_id, created_at);
create trigger user_feedback_set_updated_at before update on public.user_feedback
  for each row execute function public.set_updated_at();

alter table public.user_feedback enable row level security;

create policy "Learners send feedback as themselves" on public.user_feedback
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'new');
create policy "Learners read their own feedback" on public.user_feedback
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all feedback" on public.user_feedback
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins change feedback status" on public.user_feedback
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- Feedback is limited per learner (issue 10 point 4): one learner sent 7,938 messages in 10 s.
-- A learner may send 10 messages a minute; the 11th is refused with PT429 (HTTP 429) and the
-- feedback dialog says to wait. The count runs under an advisory lock per learner, so
-- concurrent inserts on PostgreSQL cannot all see 9 and pass together; rows inserted earlier in
-- the same statement count too (a row-level BEFORE trigger sees them). created_at is the
-- server's time for learners, so a back-dated row cannot slip past the window. The service
-- role and the database owner (seed, admin scripts) are not limited.
create or replace function public.limit_feedback_rate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  _recent integer;
begin
  if coalesce((select auth.role()), '') <> 'authenticated' then
    return new;
  end if;
  new.created_at := now();
  new.updated_at := now();
  -- Someone else's user_id: RLS refuses the row after this trigger; do not count for them.
  if new.user_id is distinct from (select auth.uid()) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('feedback:' || new.user_id, 0));
  select count(*)::integer into _recent
  from public.user_feedback f
  where f.user_id = new.user_id and f.created_at > now() - interval '1 minute';
  if _recent >= 10 then
    raise exception 'feedback limit reached: at most 10 messages a minute; try again in a minute'
      using errcode = 'PT429';
  end if;
  return new;
end
$$;
revoke all on function public.limit_feedback_rate() from public, anon, authenticated;

create trigger user_feedback_limit_rate before insert on public.user_feedback
  for each row execute function public.limit_feedback_rate();

-- Storage ------------------------------------------------------------------------------------------
-- Storage buckets for lesson media, with the size and MIME limits of the admin spec, and the
-- storage.objects policies per bucket. Public buckets are downloadable without a key through
-- their public URL; listing and every write go through these policies.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  (
    'lesson-audio', 'lesson-audio', true, 52428800,
    array['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mp4',
          'audio/x-m4a', 'audio/aac']
  ),
  (
    'lesson-images', 'lesson-images', true, 5242880,
    array['image/png', 'image/jpeg', 'image/webp']
  ),
  (
    'lesson-video', 'lesson-video', false, 524288000,
    array['video/mp4', 'video/webm', 'video/quicktime']
  ),
  (
    'lesson-documents', 'lesson-documents', false, 10485760,
    array['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/pdf',
          'application/json', 'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
  )
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone reads lesson audio and images" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('lesson-audio', 'lesson-images'));
create policy "Admins read every lesson file" on storage.objects
  for select to authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );
create policy "Admins upload lesson files" on storage.objects
  for insert to authenticated
  with check (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );
create policy "Admins replace lesson files" on storage.objects
  for update to authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  )
  with check (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );
create policy "Admins delete lesson files" on storage.objects
  for delete to authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );

-- Buckets are configuration: everyone may read them (the API lists them), nobody but the
-- service role (which bypasses RLS) changes them.
create policy "Anyone reads the bucket list" on storage.buckets
  for select to anon, authenticated
  using (true);

-- Procedures ---------------------------------------------------------------------------------------
-- Remote procedures the apps call. Each checks who is asking: a learner for themselves, an
-- admin for anyone, or the service role.

-- The caller may read _user_id's data. Always true or false, never null: procedures test
-- `if not can_read_user(...)`, which a null would let anonymous callers through.
create or replace function public.can_read_user(_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    _user_id is not null and (
      _user_id = (select auth.uid())
      or (select public.is_admin())
      or coalesce((select auth.role()), '') = 'service_role'
    ),
    false
  )
$$;
revoke all on function public.can_read_user(uuid) from public;
grant execute on function public.can_read_user(uuid) to anon, authenticated, service_role;

create or replace function public.assert_admin() returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not ((select public.is_admin()) or coalesce((select auth.role()), '') = 'service_role') then
    raise exception 'admin role required' using errcode = '42501';
  end if;
end
$$;
revoke all on function public.assert_admin() from public;
grant execute on function public.assert_admin() to authenticated, service_role;

-- Tourist pack: distinct pack words (lower-cased NFC word_hu) the user has reviewed.
create or replace function public.get_tourist_pack_progress(_user_id uuid)
returns table (reviewed_words integer, total_words integer)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_user(_user_id) then
    raise exception 'not allowed to read this user''s progress' using errcode = '42501';
  end if;
  return query
  select
    (
      select count(distinct lower(t.word_hu))::integer
      from public.tourist_pack_words t
      where exists (
        select 1
        from public.user_vocabulary_progress p
        join public.lesson_vocabulary v on v.id = p.vocabulary_id
        where p.user_id = _user_id and p.times_seen > 0 and lower(v.word_hu) = lower(t.word_hu)
      )
    ),
    (select count(distinct lower(t.word_hu))::integer from public.tourist_pack_words t);
end
$$;
revoke all on function public.get_tourist_pack_progress(uuid) from public;
grant execute on function public.get_tourist_pack_progress(uuid) to authenticated, service_role;

-- The tourist pack as a list (position, Hungarian, the three meanings) with whether the learner
-- has reviewed each word, by the rule get_tourist_pack_progress counts with (a reviewed lesson
-- word with the same lower-cased Hungarian). A learner reads their own list, an admin anyone's,
-- the service role any; nobody else.
create function public.get_tourist_pack_words(_user_id uuid)
returns table (
  "position" integer,
  word_hu text,
  word_en text,
  word_de text,
  word_es text,
  reviewed boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_user(_user_id) then
    raise exception 'not allowed to read this user''s progress' using errcode = '42501';
  end if;
  return query
  select t.position, t.word_hu, t.word_en, t.word_de, t.word_es,
    exists (
      select 1
      from public.user_vocabulary_progress p
      join public.lesson_vocabulary v on v.id = p.vocabulary_id
      where p.user_id = _user_id and p.times_seen > 0 and lower(v.word_hu) = lower(t.word_hu)
    )
  from public.tourist_pack_words t
  order by t.position;
end
$$;
revoke all on function public.get_tourist_pack_words(uuid) from public, anon;
grant execute on function public.get_tourist_pack_words(uuid) to authenticated, service_role;

create or replace function public.get_user_reviewed_words_count(_user_id uuid)
returns integer
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_user(_user_id) then
    raise exception 'not allowed to read this user''s progress' using errcode = '42501';
  end if;
  return (
    select count(*)::integer from public.user_vocabulary_progress p
    where p.user_id = _user_id and p.times_seen > 0
  );
end
$$;
revoke all on function public.get_user_reviewed_words_count(uuid) from public;
grant execute on function public.get_user_reviewed_words_count(uuid) to authenticated, service_role;

-- Streak: consecutive local days (profile time zone, day starts at 04:00) with at least one
-- review, lesson progress step or saved flashcard session. The current streak counts back from
-- today, or from yesterday while today has no activity yet. _now is a parameter for tests.
create or replace function public.get_streak(_user_id uuid, _now timestamptz default now())
returns table (current_streak integer, longest_streak integer)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _zone text;
  _today date;
begin
  if not public.can_read_user(_user_id) then
    raise exception 'not allowed to read this user''s progress' using errcode = '42501';
  end if;
  select coalesce((select p.time_zone from public.profiles p where p.user_id = _user_id), 'UTC')
    into _zone;
  _today := ((_now at time zone _zone) - interval '4 hours')::date;
  return query
  with activity as (
    select r.reviewed_at as at from public.review_log r where r.user_id = _user_id
    union all
    select l.updated_at from public.user_lesson_progress l where l.user_id = _user_id
    union all
    select coalesce(s.completed_at, s.created_at) from public.flashcard_sessions s
    where s.user_id = _user_id
  ),
  days as (
    select distinct ((a.at at time zone _zone) - interval '4 hours')::date as day
    from activity a
    where a.at <= _now
  ),
  runs as (
    select d.day, d.day - (row_number() over (order by d.day))::integer as grp from days d
  ),
  streaks as (
    select min(r.day) as first_day, max(r.day) as last_day, count(*)::integer as length
    from runs r group by r.grp
  )
  select
    coalesce((select s.length from streaks s where s.last_day >= _today - 1
              order by s.last_day desc limit 1), 0),
    coalesce((select max(s.length) from streaks s), 0);
end
$$;
revoke all on function public.get_streak(uuid, timestamptz) from public;
grant execute on function public.get_streak(uuid, timestamptz) to authenticated, service_role;

-- Users tab (admin): one row per learner with progress, computed in SQL. A response carries at
-- most 1,000 rows on hosted PostgREST, so the tab pages through it (range + exact count) and
-- searches by user ID in SQL instead of filtering the first 1,000 rows in the browser. _search
-- matches any part of the user ID, case-insensitively; null or blank lists everyone. The stat
-- cards use admin_user_progress_totals, which aggregates every learner.
create or replace function public.admin_user_progress(_search text default null)
returns table (
  user_id uuid,
  lessons_completed integer,
  words_reviewed integer,
  avg_accuracy integer,
  last_activity timestamptz,
  active_7d boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _needle text := lower(btrim(coalesce(_search, '')));
begin
  perform public.assert_admin();
  return query
  with lessons as (
    select l.user_id,
           count(*) filter (where l.is_completed)::integer as completed,
           round(avg(l.flashcard_accuracy) filter (where l.is_completed))::integer as accuracy,
           max(l.updated_at) as last_at
    from public.user_lesson_progress l
    group by l.user_id
  ),
  words as (
    select w.user_id,
           count(*) filter (where w.times_seen > 0)::integer as reviewed,
           max(greatest(w.last_review, w.updated_at)) as last_at
    from public.user_vocabulary_progress w
    group by w.user_id
  ),
  learners as (
    select coalesce(l.user_id, w.user_id) as user_id,
           coalesce(l.completed, 0) as completed,
           coalesce(w.reviewed, 0) as reviewed,
           l.accuracy,
           greatest(l.last_at, w.last_at) as last_at
    from lessons l
    full join words w on w.user_id = l.user_id
  )
  select u.user_id, u.completed, u.reviewed, u.accuracy, u.last_at,
         coalesce(u.last_at >= now() - interval '7 days', false)
  from learners u
  where (u.completed > 0 or u.reviewed > 0)
    and (_needle = '' or strpos(u.user_id::text, _needle) > 0)
  order by u.last_at desc nulls last, u.user_id;
end
$$;
revoke all on function public.admin_user_progress(text) from public, anon;
grant execute on function public.admin_user_progress(text) to authenticated, service_role;

-- Users tab stat cards. avg_completion: mean share of published lessons completed (percent);
-- avg_accuracy: mean of the learners' average accuracies; both rounded.
create or replace function public.admin_user_progress_totals()
returns table (
  total_users integer,
  active_users_7d integer,
  avg_completion integer,
  avg_accuracy integer
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _published integer;
begin
  perform public.assert_admin();
  select count(*)::integer into _published from public.lessons where is_published;
  return query
  select count(*)::integer,
         count(*) filter (where r.active_7d)::integer,
         coalesce(round(avg(
           case when _published > 0 then least(100.0, r.lessons_completed * 100.0 / _published)
                else 0 end
         ))::integer, 0),
         coalesce(round(avg(r.avg_accuracy))::integer, 0)
  from public.admin_user_progress() r;
end
$$;
revoke all on function public.admin_user_progress_totals() from public, anon;
grant execute on function public.admin_user_progress_totals() to authenticated, service_role;

-- Analytics tab (admin): learners active per UTC day over the last _days days (zeros included).
create or replace function public.admin_daily_active_learners(_days integer default 30)
returns table (day date, learners integer)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  if _days is null or _days < 1 or _days > 366 then
    raise exception '_days must be between 1 and 366' using errcode = '22023';
  end if;
  return query
  with activity as (
    select r.user_id, (r.reviewed_at at time zone 'UTC')::date as day
    from public.review_log r
    where r.reviewed_at >= now() - make_interval(days => _days)
    union
    select l.user_id, (l.updated_at at time zone 'UTC')::date
    from public.user_lesson_progress l
    where l.updated_at >= now() - make_interval(days => _days)
    union
    select s.user_id, (s.created_at at time zone 'UTC')::date
    from public.flashcard_sessions s
    where s.created_at >= now() - make_interval(days => _days)
  )
  select g.day::date, count(distinct a.user_id)::integer
  from generate_series(
    (now() at time zone 'UTC')::date - (_days - 1), (now() at time zone 'UTC')::date, interval '1 day'
  ) as g(day)
  left join activity a on a.day = g.day::date
  group by g.day
  order by g.day;
end
$$;
revoke all on function public.admin_daily_active_learners(integer) from public, anon;
grant execute on function public.admin_daily_active_learners(integer) to authenticated, service_role;

-- Analytics tab (admin): completion per lesson.
create or replace function public.admin_lesson_completion()
returns table (
  lesson_id uuid,
  lesson_number integer,
  title text,
  is_published boolean,
  learners_started integer,
  learners_completed integer,
  completion_rate integer,
  avg_accuracy integer
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  return query
  select l.id, l.lesson_number, l.title, l.is_published,
         count(p.id)::integer,
         count(p.id) filter (where p.is_completed)::integer,
         case when count(p.id) = 0 then 0
              else round(count(p.id) filter (where p.is_completed) * 100.0 / count(p.id))::integer
         end,
         round(avg(p.flashcard_accuracy) filter (where p.is_completed))::integer
  from public.lessons l
  left join public.user_lesson_progress p on p.lesson_id = l.id
  group by l.id
  order by l.lesson_number nulls last, l.title;
end
$$;
revoke all on function public.admin_lesson_completion() from public, anon;
grant execute on function public.admin_lesson_completion() to authenticated, service_role;

-- Analytics tab (admin): accuracy per word, hardest first (words answered at least once).
create or replace function public.admin_word_accuracy(_limit integer default 50)
returns table (
  vocabulary_id uuid,
  lesson_id uuid,
  word_hu text,
  word_en text,
  learners integer,
  times_seen integer,
  times_correct integer,
  accuracy integer
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  if _limit is null or _limit < 1 or _limit > 1000 then
    raise exception '_limit must be between 1 and 1000' using errcode = '22023';
  end if;
  return query
  select v.id, v.lesson_id, v.word_hu, v.word_en,
         count(*)::integer,
         sum(p.times_seen)::integer,
         sum(p.times_correct)::integer,
         round(sum(p.times_correct) * 100.0 / sum(p.times_seen))::integer
  from public.user_vocabulary_progress p
  join public.lesson_vocabulary v on v.id = p.vocabulary_id
  where p.times_seen > 0
  group by v.id
  order by sum(p.times_correct)::numeric / sum(p.times_seen), sum(p.times_seen) desc, v.word_hu
  limit _limit;
end
$$;
revoke all on function public.admin_word_accuracy(integer) from public, anon;
grant execute on function public.admin_word_accuracy(integer) to authenticated, service_role;

-- Feedback tab (admin): the stat cards and filter counts over every row, not over the first
-- 1,000 a response may carry.
create or replace function public.admin_feedback_stats()
returns table (
  total integer,
  status_new integer,
  status_reviewing integer,
  type_bug integer,
  type_feature integer
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  return query
  select count(*)::integer,
         count(*) filter (where f.status = 'new')::integer,
         count(*) filter (where f.status = 'reviewing')::integer,
         count(*) filter (where f.feedback_type = 'bug')::integer,
         count(*) filter (where f.feedback_type = 'feature')::integer
  from public.user_feedback f;
end
$$;
revoke all on function public.admin_feedback_stats() from public, anon;
grant execute on function public.admin_feedback_stats() to authenticated, service_role;

-- Progress through the rules -----------------------------------------------------------------------
-- Every change to the learner's progress goes through a procedure that checks what the spec
-- requires:
--
--   complete_lesson_audio(lesson)        the lesson is published and open for the caller
--                                        (learner-side §4 "Dashboard unlock")
--   save_flashcard_session(id, total, correct, lesson)
--                                        counts within the session size; accuracy, score and
--                                        pass computed here; a lesson session needs the lesson's
--                                        audio done and at least the cards the lesson yields; a
--                                        pass (ceil(0.8 n)) completes the lesson; the figures may
--                                        not contradict the answers recorded for the session
--   record_answer(user, word, next FSRS state, …)
--                                        service role only: the record-word-result function
--                                        verifies the caller, computes FSRS in core (one place)
--                                        and writes here; one answer = one review_log row and
--                                        counters + 1; the word's lesson must have its audio done
--
-- All three are idempotent for the offline queue (issue 13): the audio step is a no-op when
-- done, a session is keyed by its client-made id, an answer by its client answer id. Times sent
-- by a client (_at, _answered_at) may be at most 7 days old and not in the future, so answers
-- given offline keep their day; a back-dated streak can be made up for at most that window.

-- The moment a client says something happened: now when not given; at most a few minutes ahead
-- (clock skew, taken as now) and at most 7 days back.
create or replace function public.progress_time(_at timestamptz) returns timestamptz
language plpgsql stable
set search_path = ''
as $$
begin
  if _at is null then
    return now();
  end if;
  if _at > now() + interval '5 minutes' then
    raise exception 'the time % is in the future', _at using errcode = '22023';
  end if;
  if _at < now() - interval '7 days' then
    raise exception 'the time % is more than 7 days ago', _at using errcode = '22023';
  end if;
  return least(_at, now());
end
$$;
revoke all on function public.progress_time(timestamptz) from public, anon, authenticated;
grant execute on function public.progress_time(timestamptz) to service_role;

-- The published lesson before this one in the dashboard's order (lesson_number ascending,
-- unnumbered lessons last by creation), as core's lessonStatuses sorts them.
create or replace function public.previous_published_lesson(_lesson_id uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  with ordered as (
    select l.id,
           lag(l.id) over (order by l.lesson_number asc nulls last, l.created_at, l.id) as previous
    from public.lessons l
    where l.is_published
  )
  select o.previous from ordered o where o.id = _lesson_id
$$;
revoke all on function public.previous_published_lesson(uuid) from public, anon, authenticated;
grant execute on function public.previous_published_lesson(uuid) to service_role;

-- The learner may work on the lesson: it is published, and it is the first published lesson,
-- or the one before it has audio_completed and flashcard_passed, or the learner completed it
-- already (a completed lesson stays open, as on the dashboard).
create or replace function public.lesson_is_open(_user_id uuid, _lesson_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _previous uuid;
begin
  if not exists (select 1 from public.lessons l where l.id = _lesson_id and l.is_published) then
    return false;
  end if;
  if exists (
    select 1 from public.user_lesson_progress p
    where p.user_id = _user_id and p.lesson_id = _lesson_id and p.is_completed
  ) then
    return true;
  end if;
  _previous := public.previous_published_lesson(_lesson_id);
  return _previous is null or exists (
    select 1 from public.user_lesson_progress p
    where p.user_id = _user_id and p.lesson_id = _previous
      and p.audio_completed and p.flashcard_passed
  );
end
$$;
revoke all on function public.lesson_is_open(uuid, uuid) from public, anon, authenticated;
grant execute on function public.lesson_is_open(uuid, uuid) to service_role;

-- complete_lesson_audio ----------------------------------------------------------------------------
create or replace function public.complete_lesson_audio(_lesson_id uuid, _at timestamptz default null)
returns public.user_lesson_progress
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _when timestamptz;
  _row public.user_lesson_progress;
begin
  if _uid is null then
    raise exception 'sign in to save progress' using errcode = '42501';
  end if;
  if not exists (select 1 from public.lessons l where l.id = _lesson_id and l.is_published) then
    raise exception 'lesson % not found', _lesson_id using errcode = 'PT404';
  end if;
  -- One learner's steps on one lesson run one at a time (two tabs, a replayed queue).
  perform pg_advisory_xact_lock(hashtextextended('lesson:' || _uid || ':' || _lesson_id, 0));
  -- Done before: nothing to do, whenever the step says it happened (a replayed queue entry).
  select * into _row from public.user_lesson_progress p
  where p.user_id = _uid and p.lesson_id = _lesson_id;
  if found and _row.audio_completed then
    return _row;
  end if;
  _when := public.progress_time(_at);
  if not public.lesson_is_open(_uid, _lesson_id) then
    raise exception 'lesson % is locked: finish the lesson before it first', _lesson_id
      using errcode = '42501';
  end if;
  insert into public.user_lesson_progress as p (user_id, lesson_id, audio_completed, created_at, updated_at)
  values (_uid, _lesson_id, true, _when, _when)
  on conflict (user_id, lesson_id) do update
    set audio_completed = true, updated_at = greatest(excluded.updated_at, p.updated_at)
  returning * into _row;
  return _row;
end
$$;
revoke all on function public.complete_lesson_audio(uuid, timestamptz) from public, anon;
grant execute on function public.complete_lesson_audio(uuid, timestamptz)
  to authenticated, service_role;

-- save_flashcard_session ---------------------------------------------------------------------------
-- The session's size: the player deals at most 20 cards (spec §9); a lesson's session holds two
-- cards per word of the lesson (plus review words), so it has at least least(20, 2 × words).
-- _lesson_id null is a session of the review page.
create or replace function public.save_flashcard_session(
  _session_id uuid,
  _total_cards integer,
  _correct_answers integer,
  _lesson_id uuid default null,
  _at timestamptz default null
)
returns public.flashcard_sessions
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _when timestamptz;
  _row public.flashcard_sessions;
  _progress public.user_lesson_progress;
  _words integer;
  _recorded_correct integer;
  _recorded_wrong integer;
  _accuracy integer;
begin
  if _uid is null then
    raise exception 'sign in to save sessions' using errcode = '42501';
  end if;
  if _session_id is null then
    raise exception 'a session id is required' using errcode = '22023';
  end if;
  if _total_cards is null or _total_cards < 1 or _total_cards > 20 then
    raise exception 'a session has 1 to 20 cards' using errcode = '22023';
  end if;
  if _correct_answers is null or _correct_answers < 0 or _correct_answers > _total_cards then
    raise exception 'correct answers must be between 0 and the number of cards'
      using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('session:' || _session_id, 0));

  -- A replay of a saved session changes nothing and answers what was stored.
  select * into _row from public.flashcard_sessions s where s.id = _session_id;
  if found then
    if _row.user_id is distinct from _uid then
      raise exception 'session % belongs to someone else', _session_id using errcode = '42501';
    end if;
    if (_row.lesson_id, _row.total_cards, _row.correct_answers)
       is distinct from (_lesson_id, _total_cards, _correct_answers) then
      raise exception 'session % was saved with other results', _session_id using errcode = 'PT409';
    end if;
    return _row;
  end if;

  _when := public.progress_time(_at);
  if _lesson_id is not null then
    if not exists (select 1 from public.lessons l where l.id = _lesson_id and l.is_published) then
      raise exception 'lesson % not found', _lesson_id using errcode = 'PT404';
    end if;
    perform pg_advisory_xact_lock(hashtextextended('lesson:' || _uid || ':' || _lesson_id, 0));
    if not public.lesson_is_open(_uid, _lesson_id) then
      raise exception 'lesson % is locked: finish the lesson before it first', _lesson_id
        using errcode = '42501';
    end if;
    select * into _progress from public.user_lesson_progress p
    where p.user_id = _uid and p.lesson_id = _lesson_id
    for update;
    if not found or not _progress.audio_completed then
      raise exception 'the flashcards of lesson % open after its audio', _lesson_id
        using errcode = '42501';
    end if;
    select count(*)::integer into _words from public.lesson_vocabulary v
    where v.lesson_id = _lesson_id;
    if _total_cards < least(20, 2 * _words) then
      raise exception 'a session of this lesson has at least % cards', least(20, 2 * _words)
        using errcode = '22023';
    end if;
  end if;

  -- The figures may not contradict the answers recorded under this session id (answers that
  -- were lost on the way only make the recorded counts smaller).
  select count(*) filter (where r.was_correct)::integer,
         count(*) filter (where not r.was_correct)::integer
    into _recorded_correct, _recorded_wrong
  from public.review_log r
  where r.user_id = _uid and r.session_id = _session_id;
  if _recorded_correct > _correct_answers
     or _recorded_wrong > _total_cards - _correct_answers then
    raise exception 'the results do not match the % correct and % wrong answers recorded for session %',
      _recorded_correct, _recorded_wrong, _session_id using errcode = '22023';
  end if;

  _accuracy := round(_correct_answers * 100.0 / _total_cards);
  insert into public.flashcard_sessions (
    id, user_id, lesson_id, total_cards, correct_answers, accuracy, session_completed,
    completed_at, created_at
  ) values (
    _session_id, _uid, _lesson_id, _total_cards, _correct_answers, _accuracy, true, _when, _when
  )
  returning * into _row;

  -- A pass completes the lesson (spec §4: 80 % or more; the pass mark is ceil(0.8 × n)).
  if _lesson_id is not null and _correct_answers >= ceil(_total_cards * 0.8) then
    update public.user_lesson_progress p
    set audio_completed = true,
        flashcard_score = _correct_answers,
        flashcard_passed = true,
        flashcard_accuracy = _accuracy,
        is_completed = true,
        completed_at = greatest(_when, p.updated_at),
        updated_at = greatest(_when, p.updated_at)
    where p.user_id = _uid and p.lesson_id = _lesson_id;
  end if;
  return _row;
end
$$;
revoke all on function public.save_flashcard_session(uuid, integer, integer, uuid, timestamptz)
  from public, anon;
grant execute on function public.save_flashcard_session(uuid, integer, integer, uuid, timestamptz)
  to authenticated, service_role;

-- record_answer ------------------------------------------------------------------------------------
-- Called only by the record-word-result edge function with the service role, after it verified
-- the caller's token and computed the next FSRS state with core from the stored one. The checks
-- here hold whatever the caller computed: the word's lesson is published and its audio done by
-- the learner, counters move by exactly one answer, the state follows the last one
-- (_expected_reps; 40001 when another answer came first, and the function recomputes), the
-- answer is not older than the word's last review (PT409) nor outside progress_time's window.
-- A client answer id seen before returns the stored result (replayed = true) and writes nothing.
create or replace function public.record_answer(
  _user_id uuid,
  _vocabulary_id uuid,
  _was_correct boolean,
  _rating integer,
  _answered_at timestamptz,
  _due timestamptz,
  _stability double precision,
  _difficulty double precision,
  _elapsed_days integer,
  _scheduled_days integer,
  _learning_steps integer,
  _reps integer,
  _lapses integer,
  _state integer,
  _log_state integer,
  _log_due timestamptz,
  _log_stability double precision,
  _log_difficulty double precision,
  _log_elapsed_days integer,
  _log_last_elapsed_days integer,
  _log_scheduled_days integer,
  _log_learning_steps integer,
  _duration_ms integer default null,
  _session_id uuid default null,
  _client_answer_id uuid default null,
  _expected_reps integer default null
)
returns table (
  vocabulary_id uuid,
  due timestamptz,
  state smallint,
  stability double precision,
  difficulty double precision,
  scheduled_days integer,
  reps integer,
  lapses integer,
  times_seen integer,
  times_correct integer,
  last_review timestamptz,
  rating smallint,
  replayed boolean
)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  _when timestamptz;
  _lesson uuid;
  _current public.user_vocabulary_progress;
  _logged smallint;
  _row public.user_vocabulary_progress;
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'answers are recorded by the record-word-result function' using errcode = '42501';
  end if;
  if _user_id is null or _vocabulary_id is null or _was_correct is null then
    raise exception 'user, word and answer are required' using errcode = '22023';
  end if;
  -- Every answer for one learner and word runs alone: replay check, state check and write.
  perform pg_advisory_xact_lock(hashtextextended('answer:' || _user_id || ':' || _vocabulary_id, 0));

  if _client_answer_id is not null then
    select r.rating into _logged from public.review_log r
    where r.user_id = _user_id and r.client_answer_id = _client_answer_id
      and r.vocabulary_id = _vocabulary_id;
    if found then
      return query
      select p.vocabulary_id, p.due, p.state, p.stability, p.difficulty, p.scheduled_days, p.reps,
             p.lapses, p.times_seen, p.times_correct, p.last_review, _logged, true
      from public.user_vocabulary_progress p
      where p.user_id = _user_id and p.vocabulary_id = _vocabulary_id;
      return;
    end if;
    if exists (
      select 1 from public.review_log r
      where r.user_id = _user_id and r.client_answer_id = _client_answer_id
    ) then
      raise exception 'answer % was recorded for another word', _client_answer_id
        using errcode = 'PT409';
    end if;
  end if;

  select v.lesson_id into _lesson
  from public.lesson_vocabulary v
  join public.lessons l on l.id = v.lesson_id and l.is_published
  where v.id = _vocabulary_id;
  if _lesson is null then
    raise exception 'vocabulary word % not found', _vocabulary_id using errcode = 'PT404';
  end if;
  if not exists (
    select 1 from public.user_lesson_progress p
    where p.user_id = _user_id and p.lesson_id = _lesson and (p.audio_completed or p.is_completed)
  ) then
    raise exception 'the words of lesson % open after its audio', _lesson using errcode = '42501';
  end if;

  if _answered_at is null then
    raise exception 'the time of the answer is required' using errcode = '22023';
  end if;
  _when := public.progress_time(_answered_at);

  select * into _current from public.user_vocabulary_progress p
  where p.user_id = _user_id and p.vocabulary_id = _vocabulary_id
  for update;
  if _expected_reps is not null and coalesce(_current.reps, 0) <> _expected_reps then
    raise exception 'word progress changed concurrently' using errcode = '40001';
  end if;
  if _current.last_review is not null and _when < _current.last_review then
    raise exception 'an answer given at % is older than the word''s last review (%)',
      _when, _current.last_review using errcode = 'PT409';
  end if;
  -- The new state is one answer on from the stored one.
  if _reps is distinct from coalesce(_current.reps, 0) + 1
     or _lapses is null or _lapses < coalesce(_current.lapses, 0)
     or _lapses > coalesce(_current.lapses, 0) + 1
     or _rating is null
     or (_was_correct and _rating not in (2, 3)) or (not _was_correct and _rating <> 1)
     or _due is null or _due < _when then
    raise exception 'the new state is not one answer on from the stored one' using errcode = '22023';
  end if;

  insert into public.user_vocabulary_progress as p (
    user_id, vocabulary_id, due, stability, difficulty, elapsed_days, scheduled_days,
    learning_steps, reps, lapses, state, last_review, times_seen, times_correct, updated_at
  ) values (
    _user_id, _vocabulary_id, _due, _stability, _difficulty, _elapsed_days, _scheduled_days,
    _learning_steps, _reps, _lapses, _state, _when, 1, case when _was_correct then 1 else 0 end,
    _when
  )
  on conflict on constraint user_vocabulary_progress_user_vocabulary_key do update set
    due = excluded.due,
    stability = excluded.stability,
    difficulty = excluded.difficulty,
    elapsed_days = excluded.elapsed_days,
    scheduled_days = excluded.scheduled_days,
    learning_steps = excluded.learning_steps,
    reps = excluded.reps,
    lapses = excluded.lapses,
    state = excluded.state,
    last_review = excluded.last_review,
    times_seen = p.times_seen + 1,
    times_correct = p.times_correct + excluded.times_correct,
    updated_at = greatest(excluded.updated_at, p.updated_at)
  returning * into _row;

  insert into public.review_log (
    user_id, vocabulary_id, rating, state, due, stability, difficulty, elapsed_days,
    last_elapsed_days, scheduled_days, learning_steps, was_correct, reviewed_at, duration_ms,
    session_id, client_answer_id
  ) values (
    _user_id, _vocabulary_id, _rating, _log_state, _log_due, _log_stability, _log_difficulty,
    _log_elapsed_days, _log_last_elapsed_days, _log_scheduled_days, _log_learning_steps,
    _was_correct, _when, _duration_ms, _session_id, _client_answer_id
  );

  return query select _row.vocabulary_id, _row.due, _row.state, _row.stability, _row.difficulty,
    _row.scheduled_days, _row.reps, _row.lapses, _row.times_seen, _row.times_correct,
    _row.last_review, _rating::smallint, false;
end
$$;
revoke all on function public.record_answer(
  uuid, uuid, boolean, integer, timestamptz, timestamptz, double precision, double precision,
  integer, integer, integer, integer, integer, integer, integer, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, uuid, uuid, integer
) from public, anon, authenticated;
grant execute on function public.record_answer(
  uuid, uuid, boolean, integer, timestamptz, timestamptz, double precision, double precision,
  integer, integer, integer, integer, integer, integer, integer, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, uuid, uuid, integer
) to service_role;

-- The due queue ------------------------------------------------------------------------------------
-- Index-only: a word joins the learner's queue as a progress row (state new, never seen, due at
-- the lesson's completion) when the lesson is completed, or when a word is added to a lesson the
-- learner has already completed; get_due_words then reads only user_vocabulary_progress
-- (user_id, due) in due order. (Searching every word of every completed lesson for a missing
-- progress row instead took 2,000 index probes for a learner with 100 lessons: ~70 ms in the
-- schema benchmark.)
create or replace function public.queue_completed_lesson_words() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.is_completed and (tg_op = 'INSERT' or not old.is_completed) then
    insert into public.user_vocabulary_progress (user_id, vocabulary_id, due)
    select new.user_id, v.id, coalesce(new.completed_at, now())
    from public.lesson_vocabulary v
    where v.lesson_id = new.lesson_id
    on conflict (user_id, vocabulary_id) do nothing;
  end if;
  return new;
end
$$;
revoke all on function public.queue_completed_lesson_words() from public, anon, authenticated;

create trigger user_lesson_progress_queue_words
  after insert or update of is_completed on public.user_lesson_progress
  for each row execute function public.queue_completed_lesson_words();

create or replace function public.queue_new_lesson_word() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.user_vocabulary_progress (user_id, vocabulary_id, due)
  select p.user_id, new.id, now()
  from public.user_lesson_progress p
  where p.lesson_id = new.lesson_id and p.is_completed
  on conflict (user_id, vocabulary_id) do nothing;
  return new;
end
$$;
revoke all on function public.queue_new_lesson_word() from public, anon, authenticated;

create trigger lesson_vocabulary_queue_word
  after insert on public.lesson_vocabulary
  for each row execute function public.queue_new_lesson_word();

-- Due queue for get-due-words and get-interleaved-words: the caller's words of completed lessons
-- whose FSRS due time has come, most overdue first, with the meanings in all three languages
-- (core's meaningIn picks the learner's and falls back to English) and the difficulty as
-- public.level. Security invoker: RLS keeps it to the caller's own progress and published
-- vocabulary; anonymous callers have no due words. _include_overdue false keeps only words due
-- since the start of the learner's local day (04:00 in the profile's time zone).
-- _exclude_lesson_id leaves out one lesson (the current one).
create function public.get_due_words(
  _limit integer default 20,
  _include_overdue boolean default true,
  _exclude_lesson_id uuid default null,
  _now timestamptz default now()
)
returns table (
  vocabulary_id uuid,
  lesson_id uuid,
  word_hu text,
  word_en text,
  word_de text,
  word_es text,
  difficulty public.level,
  audio_file_path text,
  due timestamptz
)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _zone text;
  _since timestamptz := '-infinity';
begin
  if _uid is null then
    raise exception 'sign in to read due words' using errcode = '42501';
  end if;
  if _limit is null or _limit < 1 or _limit > 200 then
    raise exception '_limit must be between 1 and 200' using errcode = '22023';
  end if;
  if not coalesce(_include_overdue, true) then
    select coalesce((select p.time_zone from public.profiles p where p.user_id = _uid), 'UTC')
      into _zone;
    _since := ((((_now at time zone _zone) - interval '4 hours')::date + interval '4 hours')
               at time zone _zone);
  end if;
  return query
  select v.id, v.lesson_id, v.word_hu, v.word_en, v.word_de, v.word_es, v.difficulty,
         v.audio_file_path, w.due
  from public.user_vocabulary_progress w
  join public.lesson_vocabulary v on v.id = w.vocabulary_id
  where w.user_id = _uid and w.due <= _now and w.due >= _since
    and v.lesson_id is distinct from _exclude_lesson_id
    and exists (
      select 1 from public.user_lesson_progress p
      where p.user_id = _uid and p.lesson_id = v.lesson_id and p.is_completed
    )
  order by w.due, w.vocabulary_id
  limit _limit;
end
$$;
revoke all on function public.get_due_words(integer, boolean, uuid, timestamptz) from public, anon;
grant execute on function public.get_due_words(integer, boolean, uuid, timestamptz)
  to authenticated, service_role;

-- Saving a transcript ------------------------------------------------------------------------------
-- Without destroying anything (issue 12): the web editor used to delete every line of a lesson
-- and insert the new set in two requests, which gave every line a new id, reset columns the
-- editor does not know (the studio's and the slow recording's), and left the lesson without a
-- transcript when the insert failed. save_lesson_transcript does it in one transaction, in place:
--   * lines keep their ids; a line that is not in _lines is deleted, a line without id is new;
--   * a row is written only when one of the columns the editors own differs (line_number,
--     speaker, text_content, start_time, end_time, translation_en/de/es); no other column is
--     ever touched, so an unchanged line keeps its updated_at and everything else;
--   * _expected, when given, is what the caller read ([{id, updated_at}]): if the lesson's lines
--     differ from it (someone else saved meanwhile), nothing is written and 40001 is raised.
-- The lines' speaker is read as public.speaker.
-- Security invoker: RLS decides as for any write to lesson_transcript; the admin check is
-- repeated first for a clear 42501. Errors: 42501 (not an admin), 22023 (bad argument),
-- 40001 (changed since read), 23xxx (a row breaks a table constraint).
create or replace function public.save_lesson_transcript(
  _lesson_id uuid,
  _lines jsonb,
  _expected jsonb default null
)
returns setof public.lesson_transcript
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  _offset integer;
begin
  perform public.assert_admin();
  if jsonb_typeof(_lines) is distinct from 'array' then
    raise exception 'lines must be a JSON array' using errcode = '22023';
  end if;
  if _expected is not null and jsonb_typeof(_expected) <> 'array' then
    raise exception 'expected must be a JSON array' using errcode = '22023';
  end if;
  -- One save per lesson at a time: the second waits, then sees the first one's result.
  perform 1 from public.lessons l where l.id = _lesson_id for update;
  if not found then
    raise exception 'lesson % not found', _lesson_id using errcode = '22023';
  end if;

  if _expected is not null and exists (
    (select t.id, t.updated_at from public.lesson_transcript t where t.lesson_id = _lesson_id
     except
     select e.id, e.updated_at from jsonb_to_recordset(_expected) as e(id uuid, updated_at timestamptz))
    union all
    (select e.id, e.updated_at from jsonb_to_recordset(_expected) as e(id uuid, updated_at timestamptz)
     except
     select t.id, t.updated_at from public.lesson_transcript t where t.lesson_id = _lesson_id)
  ) then
    raise exception 'the transcript of lesson % changed since it was read', _lesson_id
      using errcode = '40001';
  end if;

  if exists (
    select 1 from jsonb_to_recordset(_lines) as x(id uuid)
    where x.id is not null
      and not exists (
        select 1 from public.lesson_transcript t where t.id = x.id and t.lesson_id = _lesson_id
      )
  ) then
    raise exception 'a line id does not belong to lesson %', _lesson_id using errcode = '22023';
  end if;
  if (select count(x.id) - count(distinct x.id) from jsonb_to_recordset(_lines) as x(id uuid)) > 0 then
    raise exception 'a line id is listed twice' using errcode = '22023';
  end if;

  delete from public.lesson_transcript t
  where t.lesson_id = _lesson_id
    and not exists (
      select 1 from jsonb_to_recordset(_lines) as x(id uuid) where x.id = t.id
    );

  -- Lines that change places first move above every number in use, so (lesson_id, line_number)
  -- stays unique at every step without a deferrable constraint (the seed upserts on it).
  select coalesce(max(t.line_number), 0) + jsonb_array_length(_lines) + 1 into _offset
  from public.lesson_transcript t where t.lesson_id = _lesson_id;
  update public.lesson_transcript t
  set line_number = _offset + x.line_number
  from jsonb_to_recordset(_lines) as x(id uuid, line_number integer)
  where t.id = x.id and t.line_number is distinct from x.line_number;

  update public.lesson_transcript t
  set line_number = x.line_number,
      speaker = x.speaker,
      text_content = x.text_content,
      start_time = x.start_time,
      end_time = x.end_time,
      translation_en = x.translation_en,
      translation_de = x.translation_de,
      translation_es = x.translation_es
  from jsonb_to_recordset(_lines) as x(
    id uuid, line_number integer, speaker public.speaker, text_content text, start_time double precision,
    end_time double precision, translation_en text, translation_de text, translation_es text
  )
  where t.id = x.id
    and (t.line_number, t.speaker, t.text_content, t.start_time, t.end_time, t.translation_en,
         t.translation_de, t.translation_es)
        is distinct from
        (x.line_number, x.speaker, x.text_content, x.start_time, x.end_time, x.translation_en,
         x.translation_de, x.translation_es);

  insert into public.lesson_transcript (
    lesson_id, line_number, speaker, text_content, start_time, end_time,
    translation_en, translation_de, translation_es
  )
  select _lesson_id, x.line_number, x.speaker, x.text_content, x.start_time, x.end_time,
         x.translation_en, x.translation_de, x.translation_es
  from jsonb_to_recordset(_lines) as x(
    id uuid, line_number integer, speaker public.speaker, text_content text, start_time double precision,
    end_time double precision, translation_en text, translation_de text, translation_es text
  )
  where x.id is null;

  return query
    select t.* from public.lesson_transcript t
    where t.lesson_id = _lesson_id
    order by t.line_number;
end
$$;
revoke all on function public.save_lesson_transcript(uuid, jsonb, jsonb) from public, anon;
grant execute on function public.save_lesson_transcript(uuid, jsonb, jsonb)
  to authenticated, service_role;

-- QA tab (issue 11): per lesson, how many words and lines it has and how many carry a meaning or
-- translation in each language, so the tab can show which languages are complete without
-- reading every row. word_en is required by the table, so English words are always complete.
create or replace function public.admin_translation_status()
returns table (
  lesson_id uuid,
  words integer,
  words_de integer,
  words_es integer,
  lines integer,
  lines_en integer,
  lines_de integer,
  lines_es integer
)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  perform public.assert_admin();
  return query
    select l.id,
           coalesce(v.words, 0), coalesce(v.words_de, 0), coalesce(v.words_es, 0),
           coalesce(t.lines, 0), coalesce(t.lines_en, 0), coalesce(t.lines_de, 0),
           coalesce(t.lines_es, 0)
    from public.lessons l
    left join (
      select lv.lesson_id,
             count(*)::integer as words,
             count(lv.word_de)::integer as words_de,
             count(lv.word_es)::integer as words_es
      from public.lesson_vocabulary lv
      group by lv.lesson_id
    ) v on v.lesson_id = l.id
    left join (
      select lt.lesson_id,
             count(*)::integer as lines,
             count(lt.translation_en)::integer as lines_en,
             count(lt.translation_de)::integer as lines_de,
             count(lt.translation_es)::integer as lines_es
      from public.lesson_transcript lt
      group by lt.lesson_id
    ) t on t.lesson_id = l.id;
end
$$;
revoke all on function public.admin_translation_status() from public, anon;
grant execute on function public.admin_translation_status() to authenticated, service_role;

-- The landing page ---------------------------------------------------------------------------------
-- What the landing page shows beside the marketing claim: the lessons and distinct words a
-- visitor can actually open. Security invoker, so the caller's RLS applies on top of the
-- explicit is_published filter (an admin's drafts are not counted either).
create or replace function public.course_figures()
returns table (lessons integer, words integer)
language sql stable security invoker
set search_path = public
as $$
  select
    (select count(*)::integer from public.lessons l where l.is_published),
    (select count(distinct lower(v.word_hu))::integer
       from public.lesson_vocabulary v
       join public.lessons l on l.id = v.lesson_id
      where l.is_published);
$$;
revoke all on function public.course_figures() from public;
grant execute on function public.course_figures() to anon, authenticated, service_role;
