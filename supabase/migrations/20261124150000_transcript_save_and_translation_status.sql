-- Saving a transcript without destroying anything (issue 12): the web editor used to delete every
-- line of a lesson and insert the new set in two requests, which gave every line a new id,
-- reset columns the editor does not know (the studio's and the slow recording's), and left the
-- lesson without a transcript when the insert failed. save_lesson_transcript does it in one
-- transaction, in place:
--   * lines keep their ids; a line that is not in _lines is deleted, a line without id is new;
--   * a row is written only when one of the columns the editors own differs (line_number,
--     speaker, text_content, start_time, end_time, translation_en/de/es); no other column is
--     ever touched, so an unchanged line keeps its updated_at and everything else;
--   * _expected, when given, is what the caller read ([{id, updated_at}]): if the lesson's lines
--     differ from it (someone else saved meanwhile), nothing is written and 40001 is raised.
-- Security invoker: RLS decides as for any write to lesson_transcript; the admin check is
-- repeated first for a clear 42501. Errors: 42501 (not an admin), 22023 (bad argument),
-- 40001 (changed since read), 23xxx (a row breaks a table constraint).
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
    id uuid, line_number integer, speaker text, text_content text, start_time double precision,
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
    id uuid, line_number integer, speaker text, text_content text, start_time double precision,
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

-- QA tab (issue 11): per lesson, how many words and lines it has and how many carry a meaning or
-- translation in each language, so the tab can show which languages are complete without
-- reading every row. word_en is required by the table, so English words are always complete.
create or replace function public.admin_translation_status()
returns table (
  lesson_id uuid,
  words integer,
  words_de integer,
  words_es integer,
  lines integer,
  lines_en integer,
  lines_de integer,
  lines_es integer
)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  perform public.assert_admin();
  return query
    select l.id,
           coalesce(v.words, 0), coalesce(v.words_de, 0), coalesce(v.words_es, 0),
           coalesce(t.lines, 0), coalesce(t.lines_en, 0), coalesce(t.lines_de, 0),
           coalesce(t.lines_es, 0)
    from public.lessons l
    left join (
      select lv.lesson_id,
             count(*)::integer as words,
             count(lv.word_de)::integer as words_de,
             count(lv.word_es)::integer as words_es
      from public.lesson_vocabulary lv
      group by lv.lesson_id
    ) v on v.lesson_id = l.id
    left join (
      select lt.lesson_id,
             count(*)::integer as lines,
             count(lt.translation_en)::integer as lines_en,
             count(lt.translation_de)::integer as lines_de,
             count(lt.translation_es)::integer as lines_es
      from public.lesson_transcript lt
      group by lt.lesson_id
    ) t on t.lesson_id = l.id;
end
$$;
revoke all on function public.admin_translation_status() from public, anon;
grant execute on function public.admin_translation_status() to authenticated, service_role;
