-- Remote procedures the apps call. Each checks who is asking: a learner for themselves, an
-- admin for anyone, or the service role. Errors: 42501 (not allowed), 22023 (bad argument).

-- The caller may read _user_id's data.
create or replace function public.can_read_user(_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select _user_id is not null and (
    _user_id = (select auth.uid())
    or (select public.is_admin())
    or coalesce((select auth.role()), '') = 'service_role'
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

-- record_review: the FSRS state after one answer (computed by core in record-word-result) and
-- the review-log row, written in one transaction as the calling learner (security invoker, so
-- RLS applies). _expected_reps guards against a concurrent answer for the same word: when the
-- stored reps differ, 40001 is raised and the caller recomputes from fresh state.
create or replace function public.record_review(
  _vocabulary_id uuid,
  _was_correct boolean,
  _rating integer,
  _reviewed_at timestamptz,
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
  _expected_reps integer default null
)
returns public.user_vocabulary_progress
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _row public.user_vocabulary_progress;
  _current integer;
begin
  if _uid is null then
    raise exception 'sign in to record reviews' using errcode = '42501';
  end if;
  if not exists (select 1 from public.lesson_vocabulary v where v.id = _vocabulary_id) then
    raise exception 'vocabulary word % not found', _vocabulary_id using errcode = '22023';
  end if;
  if _expected_reps is not null then
    select p.reps into _current from public.user_vocabulary_progress p
    where p.user_id = _uid and p.vocabulary_id = _vocabulary_id
    for update;
    if coalesce(_current, 0) <> _expected_reps then
      raise exception 'word progress changed concurrently' using errcode = '40001';
    end if;
  end if;

  insert into public.user_vocabulary_progress as p (
    user_id, vocabulary_id, due, stability, difficulty, elapsed_days, scheduled_days,
    learning_steps, reps, lapses, state, last_review, times_seen, times_correct
  ) values (
    _uid, _vocabulary_id, _due, _stability, _difficulty, _elapsed_days, _scheduled_days,
    _learning_steps, _reps, _lapses, _state, _reviewed_at, 1, case when _was_correct then 1 else 0 end
  )
  on conflict (user_id, vocabulary_id) do update set
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
    times_correct = p.times_correct + excluded.times_correct
  returning * into _row;

  insert into public.review_log (
    user_id, vocabulary_id, rating, state, due, stability, difficulty, elapsed_days,
    last_elapsed_days, scheduled_days, learning_steps, was_correct, reviewed_at, duration_ms,
    session_id
  ) values (
    _uid, _vocabulary_id, _rating, _log_state, _log_due, _log_stability, _log_difficulty,
    _log_elapsed_days, _log_last_elapsed_days, _log_scheduled_days, _log_learning_steps,
    _was_correct, _reviewed_at, _duration_ms, _session_id
  );
  return _row;
end
$$;
revoke all on function public.record_review(
  uuid, boolean, integer, timestamptz, timestamptz, double precision, double precision, integer,
  integer, integer, integer, integer, integer, integer, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, uuid, integer
) from public, anon;
grant execute on function public.record_review(
  uuid, boolean, integer, timestamptz, timestamptz, double precision, double precision, integer,
  integer, integer, integer, integer, integer, integer, timestamptz, double precision,
  double precision, integer, integer, integer, integer, integer, uuid, integer
) to authenticated, service_role;

-- Users tab (admin): one row per learner with progress, computed in SQL.
create or replace function public.admin_user_progress()
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
  where u.completed > 0 or u.reviewed > 0
  order by u.last_at desc nulls last, u.user_id;
end
$$;
revoke all on function public.admin_user_progress() from public, anon;
grant execute on function public.admin_user_progress() to authenticated, service_role;

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
