-- Enumerations as Postgres enums (issue 15): the fixed lists that were text columns with check
-- constraints become enum types, so the generated TypeScript types carry each list as a union
-- and every package takes it from there (core derives its const arrays from them).
--   level            lessons.level and lesson_vocabulary.difficulty: one canonical set, a word's
--                    difficulty is the level it is taught at (the editor's easy/medium/hard are
--                    mapped in core before they reach the database)
--   speaker          lesson_transcript.speaker
--   feedback_type    user_feedback.feedback_type
--   feedback_status  user_feedback.status
--   app_role         user_roles.role
-- Values, order, defaults and data are unchanged. A value outside a list is now refused with
-- 22P02 (invalid input value for enum) instead of 23514 (check constraint).
-- What depends on the columns is taken down and put back around each change, as it was: the
-- check constraints (dropped for good), the defaults, the partial index user_roles_admin_idx,
-- the feedback insert policy (status = 'new'); get_due_words returns the word's difficulty as
-- public.level (its result type changes, so it is dropped and created again with the same body,
-- rules and grants); save_lesson_transcript reads the lines' speaker as public.speaker.
-- Plain SQL owned by postgres: applies on PGlite, PostgreSQL 15 and hosted Supabase alike.

create type public.level as enum ('beginner', 'intermediate', 'advanced');
create type public.speaker as enum ('narrator', 'anna', 'bence');
create type public.feedback_type as enum ('bug', 'feature', 'content', 'general', 'others');
create type public.feedback_status as enum ('new', 'reviewing', 'resolved', 'closed');
create type public.app_role as enum ('admin', 'user');

-- lessons.level --------------------------------------------------------------------------------
alter table public.lessons drop constraint lessons_level_check;
alter table public.lessons alter column level drop default;
alter table public.lessons alter column level type public.level using level::public.level;
alter table public.lessons alter column level set default 'beginner';

-- lesson_vocabulary.difficulty -----------------------------------------------------------------
alter table public.lesson_vocabulary drop constraint lesson_vocabulary_difficulty_check;
alter table public.lesson_vocabulary alter column difficulty drop default;
alter table public.lesson_vocabulary
  alter column difficulty type public.level using difficulty::public.level;
alter table public.lesson_vocabulary alter column difficulty set default 'beginner';

-- lesson_transcript.speaker --------------------------------------------------------------------
alter table public.lesson_transcript drop constraint lesson_transcript_speaker_check;
alter table public.lesson_transcript
  alter column speaker type public.speaker using speaker::public.speaker;

-- user_feedback.feedback_type and status ----------------------------------------------------------
drop policy "Learners send feedback as themselves" on public.user_feedback;
alter table public.user_feedback drop constraint user_feedback_type_check;
alter table public.user_feedback drop constraint user_feedback_status_check;
alter table public.user_feedback alter column feedback_type drop default;
alter table public.user_feedback alter column status drop default;
alter table public.user_feedback
  alter column feedback_type type public.feedback_type using feedback_type::public.feedback_type,
  alter column status type public.feedback_status using status::public.feedback_status;
alter table public.user_feedback alter column feedback_type set default 'general';
alter table public.user_feedback alter column status set default 'new';
create policy "Learners send feedback as themselves" on public.user_feedback
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'new');

-- user_roles.role --------------------------------------------------------------------------------
drop index public.user_roles_admin_idx;
alter table public.user_roles drop constraint user_roles_role_check;
alter table public.user_roles alter column role drop default;
alter table public.user_roles alter column role type public.app_role using role::public.app_role;
alter table public.user_roles alter column role set default 'user';
create index user_roles_admin_idx on public.user_roles (user_id) where role = 'admin';

-- get_due_words: difficulty as public.level -------------------------------------------------------
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

-- save_lesson_transcript: the lines' speaker read as public.speaker (same body otherwise) --------
create or replace function public.save_lesson_transcript(
  _lesson_id uuid,
  _lines jsonb,
  _expected jsonb default null
)
returns setof public.lesson_transcript
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  _offset integer;
begin
  perform public.assert_admin();
  if jsonb_typeof(_lines) is distinct from 'array' then
    raise exception 'lines must be a JSON array' using errcode = '22023';
  end if;
  if _expected is not null and jsonb_typeof(_expected) <> 'array' then
    raise exception 'expected must be a JSON array' using errcode = '22023';
  end if;
  -- One save per lesson at a time: the second waits, then sees the first one's result.
  perform 1 from public.lessons l where l.id = _lesson_id for update;
  if not found then
    raise exception 'lesson % not found', _lesson_id using errcode = '22023';
  end if;

  if _expected is not null and exists (
    (select t.id, t.updated_at from public.lesson_transcript t where t.lesson_id = _lesson_id
     except
     select e.id, e.updated_at from jsonb_to_recordset(_expected) as e(id uuid, updated_at timestamptz))
    union all
    (select e.id, e.updated_at from jsonb_to_recordset(_expected) as e(id uuid, updated_at timestamptz)
     except
     select t.id, t.updated_at from public.lesson_transcript t where t.lesson_id = _lesson_id)
  ) then
    raise exception 'the transcript of lesson % changed since it was read', _lesson_id
      using errcode = '40001';
  end if;

  if exists (
    select 1 from jsonb_to_recordset(_lines) as x(id uuid)
    where x.id is not null
      and not exists (
        select 1 from public.lesson_transcript t where t.id = x.id and t.lesson_id = _lesson_id
      )
  ) then
    raise exception 'a line id does not belong to lesson %', _lesson_id using errcode = '22023';
  end if;
  if (select count(x.id) - count(distinct x.id) from jsonb_to_recordset(_lines) as x(id uuid)) > 0 then
    raise exception 'a line id is listed twice' using errcode = '22023';
  end if;

  delete from public.lesson_transcript t
  where t.lesson_id = _lesson_id
    and not exists (
      select 1 from jsonb_to_recordset(_lines) as x(id uuid) where x.id = t.id
    );

  -- Lines that change places first move above every number in use, so (lesson_id, line_number)
  -- stays unique at every step without a deferrable constraint (the seed upserts on it).
  select coalesce(max(t.line_number), 0) + jsonb_array_length(_lines) + 1 into _offset
  from public.lesson_transcript t where t.lesson_id = _lesson_id;
  update public.lesson_transcript t
  set line_number = _offset + x.line_number
  from jsonb_to_recordset(_lines) as x(id uuid, line_number integer)
  where t.id = x.id and t.line_number is distinct from x.line_number;

  update public.lesson_transcript t
  set line_number = x.line_number,
      speaker = x.speaker,
      text_content = x.text_content,
      start_time = x.start_time,
      end_time = x.end_time,
      translation_en = x.translation_en,
      translation_de = x.translation_de,
      translation_es = x.translation_es
  from jsonb_to_recordset(_lines) as x(
    id uuid, line_number integer, speaker public.speaker, text_content text, start_time double precision,
    end_time double precision, translation_en text, translation_de text, translation_es text
  )
  where t.id = x.id
    and (t.line_number, t.speaker, t.text_content, t.start_time, t.end_time, t.translation_en,
         t.translation_de, t.translation_es)
        is distinct from
        (x.line_number, x.speaker, x.text_content, x.start_time, x.end_time, x.translation_en,
         x.translation_de, x.translation_es);

  insert into public.lesson_transcript (
    lesson_id, line_number, speaker, text_content, start_time, end_time,
    translation_en, translation_de, translation_es
  )
  select _lesson_id, x.line_number, x.speaker, x.text_content, x.start_time, x.end_time,
         x.translation_en, x.translation_de, x.translation_es
  from jsonb_to_recordset(_lines) as x(
    id uuid, line_number integer, speaker public.speaker, text_content text, start_time double precision,
    end_time double precision, translation_en text, translation_de text, translation_es text
  )
  where x.id is null;

  return query
    select t.* from public.lesson_transcript t
    where t.lesson_id = _lesson_id
    order by t.line_number;
end
$$;
revoke all on function public.save_lesson_transcript(uuid, jsonb, jsonb) from public, anon;
grant execute on function public.save_lesson_transcript(uuid, jsonb, jsonb)
  to authenticated, service_role;
