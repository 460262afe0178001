-- What practice reads (issue 30, DESIGN §12.1): the caller's practice items with what their
-- cards need, the due review of every skill with the day's new items, the dashboard's figures
-- per skill and its 7-day forecast, and the learners the FSRS optimiser should fit next.
-- The reads are security invoker: RLS keeps them to the caller's own progress and to published
-- content; anonymous callers are refused (42501), as get_due_words refuses them.

-- The start of the caller's local day (04:00 in the profile's time zone) that holds _now.
create or replace function public.learner_day_start(_user_id uuid, _now timestamptz)
returns timestamptz
language sql stable
set search_path = ''
as $$
  with zone as (
    select coalesce((select p.time_zone from public.profiles p where p.user_id = _user_id), 'UTC')
      as name
  )
  select ((((_now at time zone z.name) - interval '4 hours')::date + interval '4 hours')
          at time zone z.name)
  from zone z
$$;
revoke all on function public.learner_day_start(uuid, timestamptz) from public, anon;
grant execute on function public.learner_day_start(uuid, timestamptz) to authenticated, service_role;

-- get_practice_items -------------------------------------------------------------------------------
-- Every item the caller can practise, with its card's content and its FSRS standing:
--   words   the caller's word rows of completed lessons (recognition, and recall and listening
--           once opened), listening only for words with a recording; kept glossary words;
--   lines   the caller's line rows of lessons whose flashcards are passed, only lines timed in
--           the lesson's recording, and speaking only for lines with a translation.
-- is_new: never answered in this skill (a new item, not a due one). _lesson_id keeps one
-- lesson's items (the lesson's Practice tab, also kept for offline use).
create or replace function public.get_practice_items(_lesson_id uuid default null)
returns table (
  item_id uuid,
  kind text,
  skill public.skill,
  lesson_id uuid,
  is_new boolean,
  due timestamptz,
  reps integer,
  times_correct integer,
  word_hu text,
  word_en text,
  word_de text,
  word_es text,
  difficulty public.level,
  audio_file_path text,
  line_number integer,
  speaker public.speaker,
  text_content text,
  translation_en text,
  translation_de text,
  translation_es text,
  start_time double precision,
  end_time double precision,
  slow_start_time double precision,
  slow_end_time double precision,
  audio_url text,
  slow_audio_url text
)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
begin
  if _uid is null then
    raise exception 'sign in to read practice items' using errcode = '42501';
  end if;
  return query
  select p.vocabulary_id, 'word'::text, p.skill, v.lesson_id, p.reps = 0, p.due, p.reps,
         p.times_correct, v.word_hu, v.word_en, v.word_de, v.word_es, v.difficulty,
         v.audio_file_path, null::integer, null::public.speaker, null::text, null::text,
         null::text, null::text, null::double precision, null::double precision,
         null::double precision, null::double precision, null::text, null::text
  from public.user_vocabulary_progress p
  join public.lesson_vocabulary v on v.id = p.vocabulary_id
  where p.user_id = _uid
    and (_lesson_id is null or v.lesson_id = _lesson_id)
    and (p.skill <> 'listening' or v.audio_file_path is not null)
    and exists (
      select 1 from public.user_lesson_progress lp
      where lp.user_id = _uid and lp.lesson_id = v.lesson_id and lp.is_completed
    )
  union all
  select p.glossary_id, 'word'::text, p.skill, null::uuid, p.reps = 0, p.due, p.reps,
         p.times_correct, g.lemma, g.meaning_en, g.meaning_de, g.meaning_es, null::public.level,
         null::text, null::integer, null::public.speaker, null::text, null::text, null::text,
         null::text, null::double precision, null::double precision, null::double precision,
         null::double precision, null::text, null::text
  from public.user_vocabulary_progress p
  join public.glossary_entries g on g.id = p.glossary_id
  where p.user_id = _uid and _lesson_id is null and p.skill <> 'listening'
  union all
  select p.line_id, 'line'::text, p.skill, t.lesson_id, p.reps = 0, p.due, p.reps,
         p.times_correct, null::text, null::text, null::text, null::text, null::public.level,
         null::text, t.line_number, t.speaker, t.text_content, t.translation_en,
         t.translation_de, t.translation_es, t.start_time, t.end_time, t.slow_start_time,
         t.slow_end_time, l.audio_url, l.slow_audio_url
  from public.user_line_progress p
  join public.lesson_transcript t on t.id = p.line_id
  join public.lessons l on l.id = t.lesson_id
  where p.user_id = _uid
    and (_lesson_id is null or t.lesson_id = _lesson_id)
    and l.audio_url is not null
    and t.start_time is not null and t.end_time > t.start_time
    and (p.skill <> 'speaking'
         or num_nonnulls(t.translation_en, t.translation_de, t.translation_es) > 0)
    and exists (
      select 1 from public.user_lesson_progress lp
      where lp.user_id = _uid and lp.lesson_id = t.lesson_id and lp.flashcard_passed
    );
end
$$;
revoke all on function public.get_practice_items(uuid) from public, anon;
grant execute on function public.get_practice_items(uuid) to authenticated, service_role;

-- get_due_items ------------------------------------------------------------------------------------
-- The review page's items: those answered before whose due time has come (every skill, most
-- overdue first, at most _limit), then new items, in the order they opened, at most _new_limit;
-- null means the learner's daily limit (profiles.new_items_per_day) less the items answered for
-- the first time since the start of their local day. core interleaves them into a session.
create function public.get_due_items(
  _limit integer default 50,
  _new_limit integer default null,
  _now timestamptz default now()
)
returns table (
  item_id uuid,
  kind text,
  skill public.skill,
  lesson_id uuid,
  is_new boolean,
  due timestamptz,
  reps integer,
  times_correct integer,
  word_hu text,
  word_en text,
  word_de text,
  word_es text,
  difficulty public.level,
  audio_file_path text,
  line_number integer,
  speaker public.speaker,
  text_content text,
  translation_en text,
  translation_de text,
  translation_es text,
  start_time double precision,
  end_time double precision,
  slow_start_time double precision,
  slow_end_time double precision,
  audio_url text,
  slow_audio_url text
)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _new_allowed integer;
begin
  if _uid is null then
    raise exception 'sign in to read due items' using errcode = '42501';
  end if;
  if _limit is null or _limit < 1 or _limit > 200 then
    raise exception '_limit must be between 1 and 200' using errcode = '22023';
  end if;
  if _new_limit is not null and (_new_limit < 0 or _new_limit > 200) then
    raise exception '_new_limit must be between 0 and 200' using errcode = '22023';
  end if;
  _new_allowed := coalesce(_new_limit, greatest(0,
    coalesce((select p.new_items_per_day from public.profiles p where p.user_id = _uid), 15)
    - (select count(*)::integer from public.review_log r
       where r.user_id = _uid and r.state = 0
         and r.reviewed_at >= public.learner_day_start(_uid, _now) and r.reviewed_at <= _now)));
  return query
  with items as (select * from public.get_practice_items()),
  due_items as (
    select i.* from items i
    where not i.is_new and i.due <= _now
    order by i.due, i.item_id, i.skill
    limit _limit
  ),
  new_items as (
    select i.* from items i
    where i.is_new
    order by i.due, i.lesson_id, i.line_number nulls first, i.item_id, i.skill
    limit _new_allowed
  )
  select * from due_items
  union all
  select * from new_items;
end
$$;
revoke all on function public.get_due_items(integer, integer, timestamptz) from public, anon;
grant execute on function public.get_due_items(integer, integer, timestamptz)
  to authenticated, service_role;

-- The dashboard's figures ------------------------------------------------------------------------------
-- Per skill: items the caller can practise, items they know (answered right at least once and
-- not yet due: FSRS expects them recalled with at least the desired retention), and items due
-- by the end of the local day (answered before: new items are not due).
create or replace function public.get_skill_summary(_now timestamptz default now())
returns table (skill public.skill, items integer, known integer, due_today integer)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _day_end timestamptz;
begin
  if _uid is null then
    raise exception 'sign in to read your progress' using errcode = '42501';
  end if;
  _day_end := public.learner_day_start(_uid, _now) + interval '1 day';
  return query
  select s.skill,
         count(i.item_id)::integer,
         count(i.item_id) filter (where i.times_correct > 0 and i.due > _now)::integer,
         count(i.item_id) filter (where not i.is_new and i.due < _day_end)::integer
  from unnest(enum_range(null::public.skill)) s (skill)
  left join public.get_practice_items() i on i.skill = s.skill
  group by s.skill
  order by s.skill;
end
$$;
revoke all on function public.get_skill_summary(timestamptz) from public, anon;
grant execute on function public.get_skill_summary(timestamptz) to authenticated, service_role;

-- Items (answered before) falling due on each of the next _days local days, today first with
-- everything overdue.
create or replace function public.get_due_forecast(_days integer default 7, _now timestamptz default now())
returns table (day date, due integer)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
  _start timestamptz;
begin
  if _uid is null then
    raise exception 'sign in to read your progress' using errcode = '42501';
  end if;
  if _days is null or _days < 1 or _days > 31 then
    raise exception '_days must be between 1 and 31' using errcode = '22023';
  end if;
  _start := public.learner_day_start(_uid, _now);
  return query
  with answered as (
    select greatest(0, floor(extract(epoch from (i.due - _start)) / 86400))::integer as offset_days
    from public.get_practice_items() i
    where not i.is_new and i.due < _start + make_interval(days => _days)
  )
  select (((_start at time zone 'UTC')::date) + g.n)::date,
         (select count(*)::integer from answered a where a.offset_days = g.n)
  from generate_series(0, _days - 1) g (n)
  order by g.n;
end
$$;
revoke all on function public.get_due_forecast(integer, timestamptz) from public, anon;
grant execute on function public.get_due_forecast(integer, timestamptz) to authenticated, service_role;

-- get_due_words keeps its callers (get-due-words, get-interleaved-words): the recognition cards.
create or replace function public.get_due_words(
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
  where w.user_id = _uid and w.skill = 'recognition' and w.due <= _now and w.due >= _since
    and v.lesson_id is distinct from _exclude_lesson_id
    and exists (
      select 1 from public.user_lesson_progress p
      where p.user_id = _uid and p.lesson_id = v.lesson_id and p.is_completed
    )
  order by w.due, w.vocabulary_id
  limit _limit;
end
$$;

-- The per-learner fit ---------------------------------------------------------------------------------
-- Learners whose review log is worth fitting (supabase/local src/fsrs/fit-learners.ts): at least
-- _min_reviews answers, and at least _min_new answers since the reviews their last fit read.
-- Service role only (the fitting job runs with the service key).
create or replace function public.fsrs_fit_candidates(
  _min_reviews integer default 400,
  _min_new integer default 100,
  _limit integer default 50
)
returns table (user_id uuid, time_zone text, review_count integer)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'the FSRS fit runs with the service role' using errcode = '42501';
  end if;
  if _limit is null or _limit < 1 or _limit > 1000 then
    raise exception '_limit must be between 1 and 1000' using errcode = '22023';
  end if;
  return query
  with counts as (
    select r.user_id, count(*)::integer as reviews
    from public.review_log r
    group by r.user_id
  )
  select c.user_id, coalesce(p.time_zone, 'UTC'), c.reviews
  from counts c
  left join public.profiles p on p.user_id = c.user_id
  left join public.learner_fsrs_parameters f on f.user_id = c.user_id
  where c.reviews >= coalesce(_min_reviews, 400)
    and c.reviews - coalesce(f.review_count, 0) >= coalesce(_min_new, 100)
  order by f.fitted_at nulls first, c.reviews desc, c.user_id
  limit _limit;
end
$$;
revoke all on function public.fsrs_fit_candidates(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.fsrs_fit_candidates(integer, integer, integer) to service_role;
