-- get_today also says since when the words due now have been due (the earliest due time among
-- them). The dashboard handed the service worker "now" as the due time of the "words are due"
-- notification on every visit while words were due, so each visit made a new due time and the
-- notification could come again after every visit; with due_since it stays one due time until
-- the learner has reviewed those words (issue 29 point 3: one notification per due time).
-- Same rows, same rules, same grants; one column more, last (a changed result type needs the
-- function dropped and made again).

drop function public.get_today(timestamptz);

create function public.get_today(_now timestamptz default now())
returns table (
  due_count integer,
  next_due timestamptz,
  answered_today integer,
  daily_goal integer,
  current_streak integer,
  longest_streak integer,
  due_since timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _uid uuid := (select auth.uid());
begin
  if _uid is null then
    raise exception 'sign in to read your day' using errcode = '42501';
  end if;
  return query
  with words as (
    -- Answered cards (a recognition row comes with its first answer; another skill's with reps > 0):
    -- a skill a right answer opened but never asked
    -- is a new item (get_due_items), not a due one.
    select w.due from public.user_vocabulary_progress w
    join public.lesson_vocabulary v on v.id = w.vocabulary_id
    where w.user_id = _uid and (w.skill = 'recognition' or w.reps > 0)
      and exists (
        select 1 from public.user_lesson_progress p
        where p.user_id = _uid and p.lesson_id = v.lesson_id and p.is_completed
      )
  )
  select
    (select count(*)::integer from words where words.due <= _now),
    (select min(words.due) from words where words.due > _now),
    coalesce((select a.items from public.daily_activity(_uid, _now) a
              where a.day = public.local_day(_now, public.time_zone_of(_uid))), 0),
    coalesce((select p.daily_goal::integer from public.profiles p where p.user_id = _uid), 20),
    s.current_streak, s.longest_streak,
    (select min(words.due) from words where words.due <= _now)
  from public.streak_of(_uid, _now) s;
end
$$;
revoke all on function public.get_today(timestamptz) from public, anon;
grant execute on function public.get_today(timestamptz) to authenticated, service_role;
