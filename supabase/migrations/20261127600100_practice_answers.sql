-- Recording an answer of any skill (issue 30, DESIGN §12.1): record_review, the successor of the
-- baseline's record_answer, which stays as its recognition case for the callers that have it.
-- Queues: a lesson's lines open for practice when its flashcards are passed, a word's recall
-- and listening when it was first recognised correctly.

-- record_review ------------------------------------------------------------------------------------
-- Called only by the record-word-result edge function with the service role, after it verified
-- the caller's token, graded the answer (typed answers with core's comparison, never trusting
-- the client's verdict) and computed the next FSRS state with core from the stored one. What
-- holds whatever the caller computed is checked here, where the write happens:
--   * one item: a lesson word (_vocabulary_id), a kept glossary word (_glossary_id) or a dialogue
--     line (_line_id), in one of its skills (word skills for words, line skills for lines);
--   * the item exists and is published; recognition of a lesson word needs the lesson's audio
--     done; recall and listening need the word recognised correctly before; line skills need
--     the lesson's flashcards passed; a glossary word must have been kept by the learner (its
--     recognition row, made by the tap-a-word issue's keep step);
--   * the grade fits the answer: recognition right → Hard or Good, recall, listening and
--     dictation right → Hard, Good or Easy, speaking is the learner's own 1–4, wrong → Again;
--   * counters move by exactly one answer, the state follows the stored one (_expected_reps;
--     40001 when another answer came first, and the function recomputes), the answer is not
--     older than the item's last review (PT409) nor outside progress_time's window.
-- A client answer id seen before returns the stored result (replayed = true) and writes nothing;
-- the same id for another item or skill is refused (PT409).
create or replace function public.record_review(
  _user_id uuid,
  _skill public.skill,
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
  _vocabulary_id uuid default null,
  _line_id uuid default null,
  _glossary_id uuid default null,
  _duration_ms integer default null,
  _session_id uuid default null,
  _client_answer_id uuid default null,
  _expected_reps integer default null
)
returns table (
  item_id uuid,
  skill public.skill,
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
  _item uuid := coalesce(_vocabulary_id, _line_id, _glossary_id);
  _is_line boolean := _line_id is not null;
  _when timestamptz;
  _lesson uuid;
  _logged record;
  _found boolean;
  _cur_reps integer := 0;
  _cur_lapses integer := 0;
  _cur_last timestamptz;
  _bad_grade boolean;
  _seen integer;
  _right integer;
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'answers are recorded by the record-word-result function' using errcode = '42501';
  end if;
  if _user_id is null or _skill is null or _was_correct is null then
    raise exception 'user, skill and answer are required' using errcode = '22023';
  end if;
  if num_nonnulls(_vocabulary_id, _line_id, _glossary_id) <> 1 then
    raise exception 'an answer is for one word or one line' using errcode = '22023';
  end if;
  if _is_line <> (_skill in ('dictation', 'speaking')) then
    raise exception 'the skill % is not one of a %', _skill,
      case when _is_line then 'line' else 'word' end using errcode = '22023';
  end if;
  -- Every answer for one learner and item runs alone: replay check, state check and write.
  perform pg_advisory_xact_lock(hashtextextended('answer:' || _user_id || ':' || _item, 0));

  if _client_answer_id is not null then
    select r.rating, r.skill, r.vocabulary_id, r.line_id, r.glossary_id into _logged
    from public.review_log r
    where r.user_id = _user_id and r.client_answer_id = _client_answer_id;
    if found then
      if (_logged.vocabulary_id, _logged.line_id, _logged.glossary_id, _logged.skill)
         is distinct from (_vocabulary_id, _line_id, _glossary_id, _skill) then
        raise exception 'answer % was recorded for another word or skill', _client_answer_id
          using errcode = 'PT409';
      end if;
      if _is_line then
        return query
        select p.line_id, p.skill, p.due, p.state, p.stability, p.difficulty, p.scheduled_days,
               p.reps, p.lapses, p.times_seen, p.times_correct, p.last_review, _logged.rating, true
        from public.user_line_progress p
        where p.user_id = _user_id and p.line_id = _line_id and p.skill = _skill;
      else
        return query
        select coalesce(p.vocabulary_id, p.glossary_id), p.skill, p.due, p.state, p.stability,
               p.difficulty, p.scheduled_days, p.reps, p.lapses, p.times_seen, p.times_correct,
               p.last_review, _logged.rating, true
        from public.user_vocabulary_progress p
        where p.user_id = _user_id and p.skill = _skill
          and p.vocabulary_id is not distinct from _vocabulary_id
          and p.glossary_id is not distinct from _glossary_id;
      end if;
      return;
    end if;
  end if;

  -- The item, and whether this learner may answer it in this skill.
  if _vocabulary_id is not null then
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
  elsif _glossary_id is not null then
    if not exists (select 1 from public.glossary_entries g where g.id = _glossary_id) then
      raise exception 'glossary word % not found', _glossary_id using errcode = 'PT404';
    end if;
    if not exists (
      select 1 from public.user_vocabulary_progress p
      where p.user_id = _user_id and p.glossary_id = _glossary_id and p.skill = 'recognition'
    ) then
      raise exception 'glossary word % is not among the learner''s words', _glossary_id
        using errcode = '42501';
    end if;
  else
    select t.lesson_id into _lesson
    from public.lesson_transcript t
    join public.lessons l on l.id = t.lesson_id and l.is_published
    where t.id = _line_id;
    if _lesson is null then
      raise exception 'line % not found', _line_id using errcode = 'PT404';
    end if;
    if not exists (
      select 1 from public.user_lesson_progress p
      where p.user_id = _user_id and p.lesson_id = _lesson and p.flashcard_passed
    ) then
      raise exception 'the lines of lesson % open once its flashcards are passed', _lesson
        using errcode = '42501';
    end if;
  end if;
  if _skill in ('recall', 'listening') and not exists (
    select 1 from public.user_vocabulary_progress p
    where p.user_id = _user_id and p.skill = 'recognition' and p.times_correct > 0
      and p.vocabulary_id is not distinct from _vocabulary_id
      and p.glossary_id is not distinct from _glossary_id
  ) then
    raise exception 'recall and listening open once the word was recognised correctly'
      using errcode = '42501';
  end if;

  if _answered_at is null then
    raise exception 'the time of the answer is required' using errcode = '22023';
  end if;
  _when := public.progress_time(_answered_at);

  if _is_line then
    select p.reps, p.lapses, p.last_review into _cur_reps, _cur_lapses, _cur_last
    from public.user_line_progress p
    where p.user_id = _user_id and p.line_id = _line_id and p.skill = _skill
    for update;
  else
    select p.reps, p.lapses, p.last_review into _cur_reps, _cur_lapses, _cur_last
    from public.user_vocabulary_progress p
    where p.user_id = _user_id and p.skill = _skill
      and p.vocabulary_id is not distinct from _vocabulary_id
      and p.glossary_id is not distinct from _glossary_id
    for update;
  end if;
  _found := found;
  _cur_reps := coalesce(_cur_reps, 0);
  _cur_lapses := coalesce(_cur_lapses, 0);
  if _expected_reps is not null and _cur_reps <> _expected_reps then
    raise exception 'progress changed concurrently' using errcode = '40001';
  end if;
  if _cur_last is not null and _when < _cur_last then
    raise exception 'an answer given at % is older than the item''s last review (%)',
      _when, _cur_last using errcode = 'PT409';
  end if;
  _bad_grade := _rating is null or _rating not between 1 and 4 or case _skill
    when 'recognition' then
      (_was_correct and _rating not in (2, 3)) or (not _was_correct and _rating <> 1)
    when 'speaking' then _was_correct <> (_rating > 1)
    else (_was_correct and _rating = 1) or (not _was_correct and _rating <> 1)
  end;
  -- The new state is one answer on from the stored one.
  if _reps is distinct from _cur_reps + 1
     or _lapses is null or _lapses < _cur_lapses or _lapses > _cur_lapses + 1
     or _bad_grade or _due is null or _due < _when then
    raise exception 'the new state is not one answer on from the stored one' using errcode = '22023';
  end if;

  if _is_line then
    if _found then
      update public.user_line_progress p set
        due = _due, stability = _stability, difficulty = _difficulty,
        elapsed_days = _elapsed_days, scheduled_days = _scheduled_days,
        learning_steps = _learning_steps, reps = _reps, lapses = _lapses, state = _state,
        last_review = _when, times_seen = p.times_seen + 1,
        times_correct = p.times_correct + case when _was_correct then 1 else 0 end,
        updated_at = greatest(_when, p.updated_at)
      where p.user_id = _user_id and p.line_id = _line_id and p.skill = _skill
      returning p.times_seen, p.times_correct into _seen, _right;
    else
      insert into public.user_line_progress (
        user_id, line_id, skill, due, stability, difficulty, elapsed_days, scheduled_days,
        learning_steps, reps, lapses, state, last_review, times_seen, times_correct, updated_at
      ) values (
        _user_id, _line_id, _skill, _due, _stability, _difficulty, _elapsed_days,
        _scheduled_days, _learning_steps, _reps, _lapses, _state, _when, 1,
        case when _was_correct then 1 else 0 end, _when
      )
      returning times_seen, times_correct into _seen, _right;
    end if;
  else
    if _found then
      update public.user_vocabulary_progress p set
        due = _due, stability = _stability, difficulty = _difficulty,
        elapsed_days = _elapsed_days, scheduled_days = _scheduled_days,
        learning_steps = _learning_steps, reps = _reps, lapses = _lapses, state = _state,
        last_review = _when, times_seen = p.times_seen + 1,
        times_correct = p.times_correct + case when _was_correct then 1 else 0 end,
        updated_at = greatest(_when, p.updated_at)
      where p.user_id = _user_id and p.skill = _skill
        and p.vocabulary_id is not distinct from _vocabulary_id
        and p.glossary_id is not distinct from _glossary_id
      returning p.times_seen, p.times_correct into _seen, _right;
    else
      insert into public.user_vocabulary_progress (
        user_id, vocabulary_id, glossary_id, skill, due, stability, difficulty, elapsed_days,
        scheduled_days, learning_steps, reps, lapses, state, last_review, times_seen,
        times_correct, updated_at
      ) values (
        _user_id, _vocabulary_id, _glossary_id, _skill, _due, _stability, _difficulty,
        _elapsed_days, _scheduled_days, _learning_steps, _reps, _lapses, _state, _when, 1,
        case when _was_correct then 1 else 0 end, _when
      )
      returning times_seen, times_correct into _seen, _right;
    end if;
    -- The first right recognition opens the word's recall and listening (listening needs its
    -- recording), new and due now.
    if _skill = 'recognition' and _was_correct then
      insert into public.user_vocabulary_progress (user_id, vocabulary_id, glossary_id, skill, due)
      select _user_id, _vocabulary_id, _glossary_id, s.skill, _when
      from (values ('recall'::public.skill), ('listening'::public.skill)) s (skill)
      where s.skill = 'recall' or exists (
        select 1 from public.lesson_vocabulary v
        where v.id = _vocabulary_id and v.audio_file_path is not null
      )
      on conflict do nothing;
    end if;
  end if;

  insert into public.review_log (
    user_id, vocabulary_id, line_id, glossary_id, skill, rating, state, due, stability,
    difficulty, elapsed_days, last_elapsed_days, scheduled_days, learning_steps, was_correct,
    reviewed_at, duration_ms, session_id, client_answer_id
  ) values (
    _user_id, _vocabulary_id, _line_id, _glossary_id, _skill, _rating, _log_state, _log_due,
    _log_stability, _log_difficulty, _log_elapsed_days, _log_last_elapsed_days,
    _log_scheduled_days, _log_learning_steps, _was_correct, _when, _duration_ms, _session_id,
    _client_answer_id
  );

  return query select _item, _skill, _due, _state::smallint, _stability, _difficulty,
    _scheduled_days, _reps, _lapses, _seen, _right, _when, _rating::smallint, false;
end
$$;
revoke all on function public.record_review(
  uuid, public.skill, boolean, integer, timestamptz, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, integer, integer, timestamptz,
  double precision, double precision, integer, integer, integer, integer, uuid, uuid, uuid,
  integer, uuid, uuid, integer
) from public, anon, authenticated;
grant execute on function public.record_review(
  uuid, public.skill, boolean, integer, timestamptz, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, integer, integer, timestamptz,
  double precision, double precision, integer, integer, integer, integer, uuid, uuid, uuid,
  integer, uuid, uuid, integer
) to service_role;

-- record_answer: the recognition card of a lesson word, as before the skills (the demo seed and
-- older deployments of record-word-result call it). Same signature and result; the rules are
-- record_review's.
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
language sql volatile
set search_path = ''
as $$
  select r.item_id, r.due, r.state, r.stability, r.difficulty, r.scheduled_days, r.reps,
         r.lapses, r.times_seen, r.times_correct, r.last_review, r.rating, r.replayed
  from public.record_review(
    _user_id => _user_id, _skill => 'recognition', _was_correct => _was_correct,
    _rating => _rating, _answered_at => _answered_at, _due => _due, _stability => _stability,
    _difficulty => _difficulty, _elapsed_days => _elapsed_days,
    _scheduled_days => _scheduled_days, _learning_steps => _learning_steps, _reps => _reps,
    _lapses => _lapses, _state => _state, _log_state => _log_state, _log_due => _log_due,
    _log_stability => _log_stability, _log_difficulty => _log_difficulty,
    _log_elapsed_days => _log_elapsed_days, _log_last_elapsed_days => _log_last_elapsed_days,
    _log_scheduled_days => _log_scheduled_days, _log_learning_steps => _log_learning_steps,
    _vocabulary_id => _vocabulary_id, _duration_ms => _duration_ms, _session_id => _session_id,
    _client_answer_id => _client_answer_id, _expected_reps => _expected_reps
  ) r
$$;

-- Queues ----------------------------------------------------------------------------------------------
-- A lesson's lines open for dictation and speaking when its flashcards are passed; a line added
-- to a lesson the learner passed already opens at once.
create or replace function public.queue_passed_lesson_lines() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.flashcard_passed and (tg_op = 'INSERT' or not old.flashcard_passed) then
    insert into public.user_line_progress (user_id, line_id, skill, due)
    select new.user_id, t.id, s.skill, coalesce(new.completed_at, now())
    from public.lesson_transcript t
    cross join (values ('dictation'::public.skill), ('speaking'::public.skill)) s (skill)
    where t.lesson_id = new.lesson_id
    on conflict on constraint user_line_progress_user_line_skill_key do nothing;
  end if;
  return new;
end
$$;
revoke all on function public.queue_passed_lesson_lines() from public, anon, authenticated;

create trigger user_lesson_progress_queue_lines
  after insert or update of flashcard_passed on public.user_lesson_progress
  for each row execute function public.queue_passed_lesson_lines();

create or replace function public.queue_new_lesson_line() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.user_line_progress (user_id, line_id, skill, due)
  select p.user_id, new.id, s.skill, now()
  from public.user_lesson_progress p
  cross join (values ('dictation'::public.skill), ('speaking'::public.skill)) s (skill)
  where p.lesson_id = new.lesson_id and p.flashcard_passed
  on conflict on constraint user_line_progress_user_line_skill_key do nothing;
  return new;
end
$$;
revoke all on function public.queue_new_lesson_line() from public, anon, authenticated;

create trigger lesson_transcript_queue_line
  after insert on public.lesson_transcript
  for each row execute function public.queue_new_lesson_line();

-- Lessons passed before this migration: their lines open now.
insert into public.user_line_progress (user_id, line_id, skill, due)
select p.user_id, t.id, s.skill, now()
from public.user_lesson_progress p
join public.lesson_transcript t on t.lesson_id = p.lesson_id
cross join (values ('dictation'::public.skill), ('speaking'::public.skill)) s (skill)
where p.flashcard_passed
on conflict on constraint user_line_progress_user_line_skill_key do nothing;
