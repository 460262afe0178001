-- The reads that hand meanings to learners carry all three languages, so the apps can show the
-- learner's language and fall back to English visibly (core's meaningIn decides, in one place).
--
-- get_due_words: word_de and word_es beside word_en. Its result type changes, which
-- `create or replace` cannot do, so it is dropped and created again with the same body, rules
-- and grants (anonymous callers still have no due words).
--
-- get_tourist_pack_words: the tourist pack as a list (position, Hungarian, the three meanings)
-- with whether the learner has reviewed each word, by the rule get_tourist_pack_progress
-- counts with (a reviewed lesson word with the same lower-cased Hungarian). A learner reads
-- their own list, an admin anyone's, the service role any; nobody else.

drop function public.get_due_words(integer, boolean, uuid, timestamptz);

create function public.get_due_words(
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
  select v.id, v.lesson_id, v.word_hu, v.word_en, v.word_de, v.word_es, v.difficulty,
         v.audio_file_path, w.due
  from public.user_vocabulary_progress w
  join public.lesson_vocabulary v on v.id = w.vocabulary_id
  where w.user_id = _uid and w.due <= _now and w.due >= _since
    and v.lesson_id is distinct from _exclude_lesson_id
    and exists (
      select 1 from public.user_lesson_progress p
      where p.user_id = _uid and p.lesson_id = v.lesson_id and p.is_completed
    )
  order by w.due, w.vocabulary_id
  limit _limit;
end
$$;
revoke all on function public.get_due_words(integer, boolean, uuid, timestamptz) from public, anon;
grant execute on function public.get_due_words(integer, boolean, uuid, timestamptz)
  to authenticated, service_role;

create function public.get_tourist_pack_words(_user_id uuid)
returns table (
  "position" integer,
  word_hu text,
  word_en text,
  word_de text,
  word_es text,
  reviewed boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_user(_user_id) then
    raise exception 'not allowed to read this user''s progress' using errcode = '42501';
  end if;
  return query
  select t.position, t.word_hu, t.word_en, t.word_de, t.word_es,
    exists (
      select 1
      from public.user_vocabulary_progress p
      join public.lesson_vocabulary v on v.id = p.vocabulary_id
      where p.user_id = _user_id and p.times_seen > 0 and lower(v.word_hu) = lower(t.word_hu)
    )
  from public.tourist_pack_words t
  order by t.position;
end
$$;
revoke all on function public.get_tourist_pack_words(uuid) from public, anon;
grant execute on function public.get_tourist_pack_words(uuid) to authenticated, service_role;
