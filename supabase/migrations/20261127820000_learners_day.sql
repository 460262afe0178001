-- The learner's day (issue 29 points 2, 3 and 7; DESIGN §12.2): a daily goal, goal-day streaks,
-- the dashboard's "Today" figures, daily reminders and achievements.
--
-- One rule for "what the learner did on a day": public.daily_activity. Every figure of the day
-- (today's progress, the streak, the streak achievement) reads it, so counting practice answers
-- later (the practice branch's line answers) is a change to that one function.

-- The profile's new settings ------------------------------------------------------------------------
-- daily_goal: items answered per local day (4 am cutoff), one of 10 / 20 / 30 / 50. Items, not
-- minutes: an answer is recorded with its time (review_log), minutes are not (a lesson's audio
-- played in the background is not study time), so only items can be measured honestly.
-- reminder_hour: the local hour (0–23) of the daily reminder e-mail; null, no reminder.
-- reminder_unsubscribe_token: the secret of the e-mail's one-click unsubscribe link (122 random
-- bits, as unguessable as a MAC; a new one is drawn when the learner asks for reminders again).
-- reminded_on: the learner's local date of the last reminder, so at most one per local day.
alter table public.profiles
  add column daily_goal smallint not null default 20,
  add column reminder_hour smallint,
  add column reminder_unsubscribe_token uuid not null default gen_random_uuid(),
  add column reminded_on date,
  add constraint profiles_daily_goal_check check (daily_goal in (10, 20, 30, 50)),
  add constraint profiles_reminder_hour_check check (reminder_hour between 0 and 23);
create unique index profiles_reminder_unsubscribe_token_key
  on public.profiles (reminder_unsubscribe_token);

-- Learners write only what is theirs to choose: the token and the day of the last reminder are
-- the server's (a learner who could set reminded_on or pick a token could not harm others, but
-- a column nobody may write by hand stays honest). Column grants replace the table grants.
-- (anon keeps the same column grants, so its writes stay what RLS makes them: no row.)
revoke insert, update on public.profiles from anon, authenticated;
-- (desired_retention and new_items_per_day: the practice issue's scheduling choices.)
grant insert (user_id, name, time_zone, meaning_language, interface_language, daily_goal,
  reminder_hour, desired_retention, new_items_per_day) on public.profiles to anon, authenticated;
grant update (name, time_zone, meaning_language, interface_language, daily_goal, reminder_hour,
  desired_retention, new_items_per_day) on public.profiles to anon, authenticated;

-- A learner who switches reminders on again gets a new unsubscribe secret (an old e-mail's link
-- no longer switches off the new choice).
create or replace function public.profiles_new_reminder_token() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.reminder_hour is null and new.reminder_hour is not null then
    new.reminder_unsubscribe_token := gen_random_uuid();
  end if;
  return new;
end
$$;
revoke all on function public.profiles_new_reminder_token() from public, anon, authenticated;
create trigger profiles_new_reminder_token before update of reminder_hour on public.profiles
  for each row execute function public.profiles_new_reminder_token();

-- The learner's local day of a moment: their time zone, days start at 04:00.
create or replace function public.local_day(_at timestamptz, _zone text) returns date
language sql immutable
set search_path = ''
as $$
  select ((_at at time zone _zone) - interval '4 hours')::date
$$;
revoke all on function public.local_day(timestamptz, text) from public;
grant execute on function public.local_day(timestamptz, text) to authenticated, service_role;

create or replace function public.time_zone_of(_user_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select p.time_zone from public.profiles p where p.user_id = _user_id), 'UTC')
$$;
revoke all on function public.time_zone_of(uuid) from public, anon, authenticated;
grant execute on function public.time_zone_of(uuid) to service_role;

-- The one rule: per local day up to _now, the items answered (every recorded answer, right or
-- wrong) and the lesson steps (a lesson's audio finished or its flashcards passed). Internal:
-- callers check who may read the learner first.
create or replace function public.daily_activity(_user_id uuid, _now timestamptz)
returns table (day date, items integer, lesson_steps integer)
language sql stable security definer
set search_path = ''
as $$
  with zone as (select public.time_zone_of(_user_id) as name),
  events as (
    select r.reviewed_at as at, 1 as item, 0 as step
    from public.review_log r where r.user_id = _user_id and r.reviewed_at <= _now
    union all
    select l.updated_at, 0, 1
    from public.user_lesson_progress l where l.user_id = _user_id and l.updated_at <= _now
  )
  select public.local_day(e.at, z.name) as day, sum(e.item)::integer, sum(e.step)::integer
  from events e cross join zone z
  group by 1
$$;
revoke all on function public.daily_activity(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.daily_activity(uuid, timestamptz) to service_role;

-- Goal days: the learner answered their daily goal, or took a lesson step (a lesson's audio is
-- several minutes of listening with no answers to count). The current streak counts back from
-- today, or from yesterday while today is not a goal day yet.
create or replace function public.streak_of(_user_id uuid, _now timestamptz)
returns table (current_streak integer, longest_streak integer)
language sql stable security definer
set search_path = ''
as $$
  with goal as (
    select coalesce((select p.daily_goal from public.profiles p where p.user_id = _user_id), 20)
      as items
  ),
  days as (
    select a.day from public.daily_activity(_user_id, _now) a cross join goal g
    where a.items >= g.items or a.lesson_steps > 0
  ),
  runs as (select d.day, d.day - (row_number() over (order by d.day))::integer as grp from days d),
  streaks as (
    select max(r.day) as last_day, count(*)::integer as length from runs r group by r.grp
  )
  select
    coalesce((select s.length from streaks s
              where s.last_day >= public.local_day(_now, public.time_zone_of(_user_id)) - 1
              order by s.last_day desc limit 1), 0),
    coalesce((select max(s.length) from streaks s), 0)
$$;
revoke all on function public.streak_of(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.streak_of(uuid, timestamptz) to service_role;

-- get_streak keeps its signature (the dashboard, the seed's checks and the attack tests read it);
-- its days are now goal days.
create or replace function public.get_streak(_user_id uuid, _now timestamptz default now())
returns table (current_streak integer, longest_streak integer)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_user(_user_id) then
    raise exception 'not allowed to read this user''s progress' using errcode = '42501';
  end if;
  return query select s.current_streak, s.longest_streak from public.streak_of(_user_id, _now) s;
end
$$;

-- Today, for the dashboard's first card: the caller's words due now (as get_due_words counts
-- them: answered before, lesson completed), when the next ones come due, today's answered items
-- against the goal, and the streak. _now is a parameter for tests.
create or replace function public.get_today(_now timestamptz default now())
returns table (
  due_count integer,
  next_due timestamptz,
  answered_today integer,
  daily_goal integer,
  current_streak integer,
  longest_streak integer
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
    s.current_streak, s.longest_streak
  from public.streak_of(_uid, _now) s;
end
$$;
revoke all on function public.get_today(timestamptz) from public, anon;
grant execute on function public.get_today(timestamptz) to authenticated, service_role;

-- Achievements ----------------------------------------------------------------------------------------
-- A small set the landing page can claim, each earned from recorded data only:
--   first_lesson: a lesson completed (audio and flashcards passed on recorded answers);
--   ten_lessons: ten lessons completed;
--   streak_7: a 7-day streak of goal days;
--   words_100: 100 different words answered right at least once.
-- (An offline lesson is not among them: the server cannot tell an answer queued offline from one
-- sent late, so it could not grant it honestly.)
create type public.achievement as enum ('first_lesson', 'ten_lessons', 'streak_7', 'words_100');

create table public.user_achievements (
  user_id uuid not null references auth.users (id) on delete cascade,
  achievement public.achievement not null,
  earned_at timestamptz not null default now(),
  primary key (user_id, achievement)
);
alter table public.user_achievements enable row level security;

create policy "Learners read their own achievements" on public.user_achievements
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all achievements" on public.user_achievements
  for select to authenticated
  using ((select public.is_admin()));
-- Granted only by the server: no write policy, no write grant.
revoke insert, update, delete, truncate, references, trigger on public.user_achievements
  from anon, authenticated;

-- Awards what the learner's recorded data has earned and is not yet stored; _at is when.
create or replace function public.award_achievements(_user_id uuid, _at timestamptz)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  _have public.achievement[];
  _completed integer;
begin
  select coalesce(array_agg(a.achievement), '{}') into _have
  from public.user_achievements a where a.user_id = _user_id;
  if not ('first_lesson' = any (_have) and 'ten_lessons' = any (_have)) then
    select count(*)::integer into _completed from public.user_lesson_progress p
    where p.user_id = _user_id and p.is_completed;
    if _completed >= 1 then
      insert into public.user_achievements values (_user_id, 'first_lesson', _at)
      on conflict do nothing;
    end if;
    if _completed >= 10 then
      insert into public.user_achievements values (_user_id, 'ten_lessons', _at)
      on conflict do nothing;
    end if;
  end if;
  if not 'words_100' = any (_have) and (
    select count(distinct r.vocabulary_id) from public.review_log r
    where r.user_id = _user_id and r.was_correct
  ) >= 100 then
    insert into public.user_achievements values (_user_id, 'words_100', _at)
    on conflict do nothing;
  end if;
  if not 'streak_7' = any (_have)
     and (select s.longest_streak from public.streak_of(_user_id, _at) s) >= 7 then
    insert into public.user_achievements values (_user_id, 'streak_7', _at)
    on conflict do nothing;
  end if;
end
$$;
revoke all on function public.award_achievements(uuid, timestamptz) from public, anon, authenticated;

create or replace function public.award_achievements_after_answer() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.award_achievements(new.user_id, greatest(new.reviewed_at, now()));
  return null;
end
$$;
revoke all on function public.award_achievements_after_answer() from public, anon, authenticated;
create trigger review_log_award_achievements after insert on public.review_log
  for each row execute function public.award_achievements_after_answer();

create or replace function public.award_achievements_after_lesson() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.award_achievements(new.user_id, greatest(new.updated_at, now()));
  return null;
end
$$;
revoke all on function public.award_achievements_after_lesson() from public, anon, authenticated;
create trigger user_lesson_progress_award_achievements
  after insert or update on public.user_lesson_progress
  for each row execute function public.award_achievements_after_lesson();

-- What learners earned before this migration.
select public.award_achievements(p.user_id, now()) from public.profiles p;

-- Reminders --------------------------------------------------------------------------------------------
-- Claims today's reminders at _now: learners whose reminder hour has come in their time zone
-- (on their calendar day: a server that was down at that hour still reminds later the same
-- day), who were not reminded on that day and have words due now. The claim and the mark are
-- one statement, so two schedulers never send one learner two mails. The service role only (the
-- send-reminders function); the address comes from auth.users.
create or replace function public.claim_reminders(_now timestamptz default now(), _limit integer default 200)
returns table (
  user_id uuid,
  email text,
  language public.language_code,
  due_count integer,
  unsubscribe_token uuid,
  local_date date
)
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  return query
  with candidates as (
    select p.user_id, (_now at time zone p.time_zone)::date as today
    from public.profiles p
    where p.reminder_hour is not null
      and extract(hour from (_now at time zone p.time_zone)) >= p.reminder_hour
      and p.reminded_on is distinct from (_now at time zone p.time_zone)::date
    order by p.user_id
    limit _limit
    for update skip locked
  ),
  due as (
    select c.user_id, c.today, count(*)::integer as words
    from candidates c
    join public.user_vocabulary_progress w
      on w.user_id = c.user_id and w.due <= _now and (w.skill = 'recognition' or w.reps > 0)
    join public.lesson_vocabulary v on v.id = w.vocabulary_id
    where exists (
      select 1 from public.user_lesson_progress l
      where l.user_id = c.user_id and l.lesson_id = v.lesson_id and l.is_completed
    )
    group by c.user_id, c.today
  ),
  claimed as (
    update public.profiles p set reminded_on = d.today
    from due d where p.user_id = d.user_id
    returning p.user_id, p.interface_language, p.reminder_unsubscribe_token, d.today, d.words
  )
  select c.user_id, u.email::text, coalesce(c.interface_language, 'en'), c.words,
         c.reminder_unsubscribe_token, c.today
  from claimed c join auth.users u on u.id = c.user_id
  where u.email is not null;
end
$$;
revoke all on function public.claim_reminders(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_reminders(timestamptz, integer) to service_role;

-- A reminder that could not be sent is given back, so the next run tries again that day.
create or replace function public.release_reminder(_user_id uuid, _local_date date)
returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.profiles set reminded_on = null
  where user_id = _user_id and reminded_on = _local_date
$$;
revoke all on function public.release_reminder(uuid, date) from public, anon, authenticated;
grant execute on function public.release_reminder(uuid, date) to service_role;

-- The e-mail's one-click unsubscribe: anyone holding the token (the e-mail's reader, without
-- signing in) switches that learner's reminders off; nothing else. True when a learner matched.
create or replace function public.unsubscribe_reminders(_token uuid)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if _token is null then
    return false;
  end if;
  update public.profiles set reminder_hour = null where reminder_unsubscribe_token = _token;
  return found;
end
$$;
revoke all on function public.unsubscribe_reminders(uuid) from public;
grant execute on function public.unsubscribe_reminders(uuid) to anon, authenticated, service_role;
