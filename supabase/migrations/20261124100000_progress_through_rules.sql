-- Progress is written through the rules (DESIGN §10, issue 10 point 4).
--
-- Until now a learner could write user_lesson_progress, user_vocabulary_progress, review_log and
-- flashcard_sessions directly (RLS only checked user_id), so "lesson 10 completed with a score of
-- 999999", back-dated reviews (a 30-day streak) and times_seen = 100000 all went through and fed
-- the admin Users and Analytics tabs. From here on those four tables are read-only for the API
-- roles; every change goes through a procedure that checks what the spec requires:
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

-- The tables become read-only for the API roles -------------------------------------------------
drop policy "Learners record their own lesson progress" on public.user_lesson_progress;
drop policy "Learners update their own lesson progress" on public.user_lesson_progress;
drop policy "Learners record their own word progress" on public.user_vocabulary_progress;
drop policy "Learners update their own word progress" on public.user_vocabulary_progress;
drop policy "Learners log their own reviews" on public.review_log;
drop policy "Learners save their own flashcard sessions" on public.flashcard_sessions;

revoke insert, update, delete, truncate, references, trigger
  on public.user_lesson_progress, public.user_vocabulary_progress, public.review_log,
     public.flashcard_sessions
  from anon, authenticated;

-- The old write path: record_review ran as the learner with a state the caller chose.
drop function public.record_review(
  uuid, boolean, integer, timestamptz, timestamptz, double precision, double precision, integer,
  integer, integer, integer, integer, integer, integer, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, uuid, integer
);

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

drop trigger user_lesson_progress_set_updated_at on public.user_lesson_progress;
create trigger user_lesson_progress_set_updated_at before update on public.user_lesson_progress
  for each row execute function public.set_progress_updated_at();
drop trigger user_vocabulary_progress_set_updated_at on public.user_vocabulary_progress;
create trigger user_vocabulary_progress_set_updated_at
  before update on public.user_vocabulary_progress
  for each row execute function public.set_progress_updated_at();

-- One answer, once: the client's id for it (the offline queue's idempotency key).
alter table public.review_log add column client_answer_id uuid;
create unique index review_log_user_client_answer_key on public.review_log (user_id, client_answer_id)
  where client_answer_id is not null;
create index review_log_user_session_idx on public.review_log (user_id, session_id)
  where session_id is not null;

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

-- save_flashcard_session -----------------------------------------------------------------------------
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
