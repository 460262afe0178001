-- Due queue for get-due-words and get-interleaved-words: the caller's words of completed lessons
-- whose FSRS due time has come, most overdue first. Words of a completed lesson that were never
-- answered count as due from the lesson's completion. Security invoker: RLS keeps it to the
-- caller's own progress and published vocabulary. Uses user_vocabulary_progress (user_id, due).
-- _include_overdue false keeps only words due since the start of the learner's local day (04:00
-- in the profile's time zone). _exclude_lesson_id leaves out one lesson (the current one).
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
  difficulty text,
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
  with completed as (
    select p.lesson_id, coalesce(p.completed_at, p.updated_at) as completed_at
    from public.user_lesson_progress p
    where p.user_id = _uid and p.is_completed
      and p.lesson_id is distinct from _exclude_lesson_id
  ),
  scheduled as (
    select v.id, v.lesson_id, v.word_hu, v.word_en, v.difficulty, v.audio_file_path, w.due
    from public.user_vocabulary_progress w
    join public.lesson_vocabulary v on v.id = w.vocabulary_id
    where w.user_id = _uid and w.due <= _now and w.due >= _since
      and v.lesson_id in (select c.lesson_id from completed c)
  ),
  unseen as (
    select v.id, v.lesson_id, v.word_hu, v.word_en, v.difficulty, v.audio_file_path,
           c.completed_at as due
    from completed c
    join public.lesson_vocabulary v on v.lesson_id = c.lesson_id
    where c.completed_at <= _now and c.completed_at >= _since
      and not exists (
        select 1 from public.user_vocabulary_progress w
        where w.user_id = _uid and w.vocabulary_id = v.id
      )
  )
  select a.id, a.lesson_id, a.word_hu, a.word_en, a.difficulty, a.audio_file_path, a.due
  from (select * from scheduled union all select * from unseen) a
  order by a.due, a.id
  limit _limit;
end
$$;
revoke all on function public.get_due_words(integer, boolean, uuid, timestamptz) from public, anon;
grant execute on function public.get_due_words(integer, boolean, uuid, timestamptz)
  to authenticated, service_role;
