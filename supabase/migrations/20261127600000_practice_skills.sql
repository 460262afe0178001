-- Practice that makes learners produce Hungarian (issue 30), DESIGN §12.1: the learning schema's
-- skills. A learner's word has a memory state per skill (recognition, recall, listening), a
-- dialogue line one per line skill (dictation, speaking); every answer of every skill is one
-- review_log row tagged with its skill, so the per-learner optimiser reads one table. Learners
-- choose their desired retention and how many new items a day; their fitted FSRS parameters are
-- kept beside them. Like the baseline's learner data, every table here is read-only for the API
-- roles: progress is written through the rules (record_review in the next migration).

-- The skills -------------------------------------------------------------------------------------
--   recognition  today's multiple-choice card (either direction)
--   recall       the meaning is shown; the learner types the Hungarian
--   listening    the word is heard without text; the learner picks or types the meaning
--   dictation    one dialogue line is heard (normal or slow); the learner types it
--   speaking     "Say it": the line's translation, a 5 s pause, then the Hungarian; self-graded
-- The first three are word skills, the last two line skills; each table's check says which.
create type public.skill as enum ('recognition', 'recall', 'listening', 'dictation', 'speaking');

-- glossary_entries ---------------------------------------------------------------------------------
-- The course-wide dictionary of dictionary forms (DESIGN §12.3, the tap-a-word issue's table),
-- created here in its minimal shape because a kept glossary word has a skill state like a lesson
-- word and needs the foreign key now. The tap-a-word issue adds what it needs (tokens point here).
create table public.glossary_entries (
  id uuid primary key default gen_random_uuid(),
  lemma text not null,
  part_of_speech text,
  meaning_en text not null,
  meaning_de text,
  meaning_es text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint glossary_entries_lemma_check check (
    char_length(btrim(lemma)) between 1 and 200 and lemma = normalize(lemma, NFC)
  ),
  constraint glossary_entries_part_of_speech_check check (
    part_of_speech is null
    or (char_length(btrim(part_of_speech)) between 1 and 50
        and part_of_speech = normalize(part_of_speech, NFC))
  ),
  constraint glossary_entries_meaning_en_check check (
    char_length(btrim(meaning_en)) between 1 and 500 and meaning_en = normalize(meaning_en, NFC)
  ),
  constraint glossary_entries_meaning_de_check check (
    meaning_de is null
    or (char_length(btrim(meaning_de)) between 1 and 500 and meaning_de = normalize(meaning_de, NFC))
  ),
  constraint glossary_entries_meaning_es_check check (
    meaning_es is null
    or (char_length(btrim(meaning_es)) between 1 and 500 and meaning_es = normalize(meaning_es, NFC))
  )
);
create index glossary_entries_lemma_idx on public.glossary_entries (lower(lemma));
create trigger glossary_entries_set_updated_at before update on public.glossary_entries
  for each row execute function public.set_updated_at();

alter table public.glossary_entries enable row level security;

create policy "Anyone reads the glossary" on public.glossary_entries
  for select to anon, authenticated
  using (true);
create policy "Admins add glossary entries" on public.glossary_entries
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit glossary entries" on public.glossary_entries
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete glossary entries" on public.glossary_entries
  for delete to authenticated
  using ((select public.is_admin()));

-- Word progress per skill ----------------------------------------------------------------------------
-- Existing rows are recognition (the column's default): that is the migration of existing
-- progress. A word is a lesson word (vocabulary_id) or a kept glossary word (glossary_id),
-- exactly one of the two.
alter table public.user_vocabulary_progress
  add column skill public.skill not null default 'recognition',
  add column glossary_id uuid references public.glossary_entries (id) on delete cascade,
  alter column vocabulary_id drop not null,
  drop constraint user_vocabulary_progress_user_vocabulary_key,
  add constraint user_vocabulary_progress_user_vocabulary_skill_key
    unique (user_id, vocabulary_id, skill),
  add constraint user_vocabulary_progress_user_glossary_skill_key
    unique (user_id, glossary_id, skill),
  add constraint user_vocabulary_progress_item_check
    check (num_nonnulls(vocabulary_id, glossary_id) = 1),
  add constraint user_vocabulary_progress_skill_check
    check (skill in ('recognition', 'recall', 'listening'));
create index user_vocabulary_progress_glossary_idx on public.user_vocabulary_progress (glossary_id)
  where glossary_id is not null;

-- A word recognised correctly before this migration has its recall and listening open already
-- (issue 30: they open once the word was recognised correctly at least once), new and due now.
-- Listening needs the word's recording.
insert into public.user_vocabulary_progress (user_id, vocabulary_id, skill, due)
select p.user_id, p.vocabulary_id, s.skill, now()
from public.user_vocabulary_progress p
join public.lesson_vocabulary v on v.id = p.vocabulary_id
cross join (values ('recall'::public.skill), ('listening'::public.skill)) s (skill)
where p.skill = 'recognition' and p.times_correct > 0
  and (s.skill = 'recall' or v.audio_file_path is not null)
on conflict do nothing;

-- user_line_progress ---------------------------------------------------------------------------------
-- FSRS card state per (learner, dialogue line, line skill), the columns of word progress. A
-- lesson's lines open for practice once its flashcards are passed: its rows are created then
-- (state new, due at the pass), as a lesson's words are queued when it is completed.
create table public.user_line_progress (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  line_id uuid not null references public.lesson_transcript (id) on delete cascade,
  skill public.skill not null,
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
  constraint user_line_progress_user_line_skill_key unique (user_id, line_id, skill),
  constraint user_line_progress_skill_check check (skill in ('dictation', 'speaking')),
  constraint user_line_progress_state_check check (state between 0 and 3),
  constraint user_line_progress_counts_check check (
    stability >= 0 and difficulty >= 0 and elapsed_days >= 0 and scheduled_days >= 0
    and learning_steps >= 0 and reps >= 0 and lapses >= 0
    and times_seen >= 0 and times_correct >= 0 and times_correct <= times_seen
  )
);
create index user_line_progress_user_due_idx on public.user_line_progress (user_id, due);
create index user_line_progress_line_idx on public.user_line_progress (line_id);
create trigger user_line_progress_set_updated_at
  before update on public.user_line_progress
  for each row execute function public.set_progress_updated_at();

alter table public.user_line_progress enable row level security;

create policy "Learners read their own line progress" on public.user_line_progress
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all line progress" on public.user_line_progress
  for select to authenticated
  using ((select public.is_admin()));

-- The review log -------------------------------------------------------------------------------------
-- Every answer of every skill is one row; recognition keeps its columns and meaning (was_correct,
-- session_id, client_answer_id), so the session checks that read the log by session stay valid.
alter table public.review_log
  add column skill public.skill not null default 'recognition',
  add column line_id uuid references public.lesson_transcript (id) on delete cascade,
  add column glossary_id uuid references public.glossary_entries (id) on delete cascade,
  alter column vocabulary_id drop not null,
  add constraint review_log_item_check
    check (num_nonnulls(vocabulary_id, line_id, glossary_id) = 1),
  add constraint review_log_skill_check check (
    case when line_id is null then skill in ('recognition', 'recall', 'listening')
         else skill in ('dictation', 'speaking') end
  );
create index review_log_line_idx on public.review_log (line_id) where line_id is not null;
create index review_log_glossary_idx on public.review_log (glossary_id) where glossary_id is not null;

-- The learner's scheduling choices ---------------------------------------------------------------------
-- desired_retention: FSRS's request_retention, the chance of recalling an item when it falls
-- due (core's DESIRED_RETENTION: 0.80–0.95). new_items_per_day: items never answered before that
-- the review page may start in one local day (default 15). Learners update their own profile
-- (the baseline's policy); the checks hold whatever they send.
alter table public.profiles
  add column desired_retention numeric(3, 2) not null default 0.90,
  add column new_items_per_day smallint not null default 15,
  add constraint profiles_desired_retention_check check (desired_retention between 0.80 and 0.95),
  add constraint profiles_new_items_per_day_check check (new_items_per_day between 0 and 100);

-- learner_fsrs_parameters --------------------------------------------------------------------------------
-- A learner's FSRS-6 weights fitted from their own review log by fsrs-rs (supabase/local
-- src/fsrs), with how the fit and the defaults predicted the learner's most recent fifth of
-- reviews, held out of the fit. record-word-result schedules with parameters only when
-- log_loss_fitted < log_loss_default (core's learnerWeights); otherwise the defaults.
-- parameters is null when the learner had too few usable items for a fit (the row then records
-- when that was checked, so the next try waits for more reviews). review_count is the number of
-- review_log rows the fit read, item_count the optimiser items made from them.
-- Learners read their own row; only the service role writes (no write policy, no write grant).
create table public.learner_fsrs_parameters (
  user_id uuid primary key references auth.users (id) on delete cascade,
  parameters double precision[],
  review_count integer not null,
  item_count integer not null,
  log_loss_default double precision,
  log_loss_fitted double precision,
  rmse_default double precision,
  rmse_fitted double precision,
  fitted_at timestamptz not null default now(),
  constraint learner_fsrs_parameters_parameters_check check (
    parameters is null or (cardinality(parameters) = 21 and array_position(parameters, null) is null)
  ),
  constraint learner_fsrs_parameters_counts_check check (review_count >= 0 and item_count >= 0),
  constraint learner_fsrs_parameters_scores_check check (
    (log_loss_default is null or log_loss_default >= 0)
    and (log_loss_fitted is null or log_loss_fitted >= 0)
    and (rmse_default is null or rmse_default >= 0)
    and (rmse_fitted is null or rmse_fitted >= 0)
  )
);

alter table public.learner_fsrs_parameters enable row level security;

create policy "Learners read their own FSRS parameters" on public.learner_fsrs_parameters
  for select to authenticated
  using (user_id = (select auth.uid()));

revoke insert, update, delete, truncate, references, trigger
  on public.user_line_progress, public.learner_fsrs_parameters
  from public, anon, authenticated;

-- Counting words, not skills ----------------------------------------------------------------------------
-- A word now has up to three progress rows. What counted "words reviewed" counts a word once, by
-- its recognition row, as before the skills; the rest of each function is the baseline's.
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
    where p.user_id = _user_id and p.skill = 'recognition' and p.times_seen > 0
  );
end
$$;

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
           count(*) filter (where w.times_seen > 0 and w.skill = 'recognition')::integer as reviewed,
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

-- Word accuracy stays the recognition card's (the admin tab compares words, not skills).
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
  where p.times_seen > 0 and p.skill = 'recognition'
  group by v.id
  order by sum(p.times_correct)::numeric / sum(p.times_seen), sum(p.times_seen) desc, v.word_hu
  limit _limit;
end
$$;
