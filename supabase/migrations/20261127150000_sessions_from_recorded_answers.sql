-- A flashcard session counts only what the server recorded (issue 27, acceptance 6).
--
-- Finding: 30 lessons "completed" at 100 % in 1 s with complete_lesson_audio and
-- save_flashcard_session and no answers at all, and a 7-day streak from 7 empty sessions:
-- the session's figures were the client's, checked only not to contradict the answers recorded
-- under its id, and zero recorded answers contradict nothing.
--
-- Now the figures come from the session's recorded answers (review_log rows of this learner
-- with session_id = the session, written one by one by record-word-result before the session is
-- saved, also when the offline queue replays them):
--   - a session without a recorded answer is refused (nothing stored: no row, no streak day);
--   - each word counts at most as often as the session can ask it: twice in a lesson session
--     (Hungarian → meaning and back), once in a review session; a lesson session counts only
--     words of that lesson and of lessons the learner completed (its review words);
--   - the stored total, correct answers and accuracy are the recorded ones; the client's figures
--     may only be larger (an answer the server refused for good is not recorded), never smaller;
--   - a lesson is passed only when the recorded answers pass it: at least the cards the lesson
--     yields (least(20, 2 × its words)), at least ceil(0.8 × recorded cards) right, and enough of
--     the lesson's own words (core's session holds up to 8 review words of 20 cards, so at least
--     least(2 × words, 4) cards and least(words, 2) distinct words of the lesson);
--   - the session's time is that of its last recorded answer, or the client's time when that is
--     at most 10 minutes later (a save retried hours later earns no day without an answer).
-- complete_lesson_audio stays as it was: it marks the audio of an open lesson (once per lesson;
-- the first lesson is always open) and opens that lesson's words for answers; passing the
-- lesson, and so opening the next one, needs the answers above.

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
  _words integer := 0;
  _per_word integer := case when _lesson_id is null then 1 else 2 end;
  _cards integer;
  _correct integer;
  _lesson_cards integer;
  _lesson_words integer;
  _last timestamptz;
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

  -- A replay of a saved session changes nothing and answers what was stored (the stored figures
  -- are the recorded ones; the replayed figures may be larger as on the first save).
  select * into _row from public.flashcard_sessions s where s.id = _session_id;
  if found then
    if _row.user_id is distinct from _uid then
      raise exception 'session % belongs to someone else', _session_id using errcode = '42501';
    end if;
    if _row.lesson_id is distinct from _lesson_id
       or _row.correct_answers > _correct_answers
       or _row.total_cards - _row.correct_answers > _total_cards - _correct_answers then
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

  -- The session's recorded answers, as the cards they stand for.
  with answers as (
    select r.vocabulary_id, r.was_correct, r.reviewed_at, v.lesson_id,
           row_number() over (partition by r.vocabulary_id order by r.reviewed_at, r.id) as nth
    from public.review_log r
    join public.lesson_vocabulary v on v.id = r.vocabulary_id
    where r.user_id = _uid and r.session_id = _session_id
  ),
  cards as (
    select a.* from answers a
    where a.nth <= _per_word
      and (
        _lesson_id is null
        or a.lesson_id = _lesson_id
        or exists (
          select 1 from public.user_lesson_progress p
          where p.user_id = _uid and p.lesson_id = a.lesson_id and p.is_completed
        )
      )
  )
  select count(*)::integer,
         count(*) filter (where c.was_correct)::integer,
         count(*) filter (where c.lesson_id = _lesson_id)::integer,
         count(distinct c.vocabulary_id) filter (where c.lesson_id = _lesson_id)::integer,
         max(c.reviewed_at)
    into _cards, _correct, _lesson_cards, _lesson_words, _last
  from cards c;

  if _cards = 0 then
    raise exception 'session % has no recorded answers: each answer is recorded before its session is saved',
      _session_id using errcode = '22023';
  end if;
  -- The figures may not contradict the recorded answers (an answer lost for good only makes
  -- the recorded counts smaller).
  if _correct > _correct_answers or _cards - _correct > _total_cards - _correct_answers then
    raise exception 'the results do not match the % correct and % wrong answers recorded for session %',
      _correct, _cards - _correct, _session_id using errcode = '22023';
  end if;

  _when := greatest(_last, least(_when, _last + interval '10 minutes'));
  _accuracy := round(_correct * 100.0 / _cards);
  insert into public.flashcard_sessions (
    id, user_id, lesson_id, total_cards, correct_answers, accuracy, session_completed,
    completed_at, created_at
  ) values (
    _session_id, _uid, _lesson_id, _cards, _correct, _accuracy, true, _when, _when
  )
  returning * into _row;

  -- A pass completes the lesson (spec §4: 80 % or more; the pass mark is ceil(0.8 × n)), judged
  -- on the recorded answers only.
  if _lesson_id is not null
     and _cards >= least(20, 2 * _words)
     and _correct >= ceil(_cards * 0.8)
     and _lesson_cards >= least(2 * _words, 4)
     and _lesson_words >= least(_words, 2) then
    update public.user_lesson_progress p
    set audio_completed = true,
        flashcard_score = _correct,
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
