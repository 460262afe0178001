-- Learner data: lesson progress, per-word FSRS state, the review log, flashcard sessions and
-- feedback. Learners see and write only their own rows; admins read everything.

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
  for each row execute function public.set_updated_at();

alter table public.user_lesson_progress enable row level security;

create policy "Learners read their own lesson progress" on public.user_lesson_progress
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Learners record their own lesson progress" on public.user_lesson_progress
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Learners update their own lesson progress" on public.user_lesson_progress
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Admins read all lesson progress" on public.user_lesson_progress
  for select to authenticated
  using ((select public.is_admin()));

-- user_vocabulary_progress ---------------------------------------------------------------------------
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
create trigger user_vocabulary_progress_set_updated_at before update on public.user_vocabulary_progress
  for each row execute function public.set_updated_at();

alter table public.user_vocabulary_progress enable row level security;

create policy "Learners read their own word progress" on public.user_vocabulary_progress
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Learners record their own word progress" on public.user_vocabulary_progress
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Learners update their own word progress" on public.user_vocabulary_progress
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Admins read all word progress" on public.user_vocabulary_progress
  for select to authenticated
  using ((select public.is_admin()));

-- review_log ---------------------------------------------------------------------------------------
-- Append-only: one row per answered card, with the FSRS log fields so parameters can be
-- optimised per learner later. session_id is the client's session uuid (no row exists for it
-- until the session is saved to flashcard_sessions, if ever).
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
  constraint review_log_rating_check check (rating between 1 and 4),
  constraint review_log_state_check check (state between 0 and 3),
  constraint review_log_duration_check check (duration_ms is null or duration_ms >= 0)
);
create index review_log_user_reviewed_at_idx on public.review_log (user_id, reviewed_at);
create index review_log_vocabulary_idx on public.review_log (vocabulary_id);
create index review_log_reviewed_at_idx on public.review_log (reviewed_at);

alter table public.review_log enable row level security;

create policy "Learners read their own reviews" on public.review_log
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Learners log their own reviews" on public.review_log
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Admins read all reviews" on public.review_log
  for select to authenticated
  using ((select public.is_admin()));

-- flashcard_sessions ---------------------------------------------------------------------------------
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
create policy "Learners save their own flashcard sessions" on public.flashcard_sessions
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Admins read all flashcard sessions" on public.flashcard_sessions
  for select to authenticated
  using ((select public.is_admin()));

-- user_feedback --------------------------------------------------------------------------------------
create table public.user_feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  feedback_type text not null default 'general',
  title text not null,
  description text not null,
  status text not null default 'new',
  page_url text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_feedback_type_check check (
    feedback_type in ('bug', 'feature', 'content', 'general', 'others')
  ),
  constraint user_feedback_status_check check (status in ('new', 'reviewing', 'resolved', 'closed')),
  constraint user_feedback_title_check check (char_length(btrim(title)) between 1 and 100),
  constraint user_feedback_description_check check (
    char_length(btrim(description)) between 1 and 1000
  )
);
create index user_feedback_created_at_idx on public.user_feedback (created_at desc);
create index user_feedback_user_idx on public.user_feedback (user_id);
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
