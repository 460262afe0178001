-- A slower rendering of a lesson's dialogue for beginners: its own audio file and its own line
-- times, so the transcript follows whichever version plays. Both are optional: a lesson without
-- slow audio (everything the studio and the admin editor publish today) simply offers one speed.
-- The columns belong to rows whose policies already decide who reads and writes them.
alter table public.lessons add column slow_audio_url text;

alter table public.lesson_transcript
  add column slow_start_time double precision,
  add column slow_end_time double precision,
  add constraint lesson_transcript_slow_times_check check (
    (slow_start_time is null or slow_start_time >= 0)
    and (slow_end_time is null or slow_end_time >= 0)
    and (slow_start_time is null or slow_end_time is null or slow_end_time >= slow_start_time)
  );

-- What the landing page shows beside the marketing claim: the lessons and distinct words a
-- visitor can actually open. Security invoker, so the caller's RLS applies on top of the
-- explicit is_published filter (an admin's drafts are not counted either).
create or replace function public.course_figures()
returns table (lessons integer, words integer)
language sql stable security invoker
set search_path = public
as $$
  select
    (select count(*)::integer from public.lessons l where l.is_published),
    (select count(distinct lower(v.word_hu))::integer
       from public.lesson_vocabulary v
       join public.lessons l on l.id = v.lesson_id
      where l.is_published);
$$;
revoke all on function public.course_figures() from public;
grant execute on function public.course_figures() to anon, authenticated, service_role;

-- A new recording makes the old slow one wrong (its lines and times belong to the old audio):
-- when audio_url changes and the same update does not also set slow_audio_url (the studio and
-- the admin editor publish only the normal recording), the slow version is withdrawn.
create or replace function public.lessons_drop_stale_slow_audio() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.audio_url is distinct from old.audio_url
     and new.slow_audio_url is not distinct from old.slow_audio_url then
    new.slow_audio_url := null;
  end if;
  return new;
end
$$;
create trigger lessons_drop_stale_slow_audio before update of audio_url on public.lessons
  for each row execute function public.lessons_drop_stale_slow_audio();
