-- A draft lesson's audio and images live in a private bucket until it is published (issue 27,
-- acceptance 7; DESIGN.md §13 "Draft lessons' files").
--
-- Finding: a draft lesson's audio in the public lesson-audio bucket could be downloaded by
-- anyone who had its exact public URL. Migration 20261127150100 closed listing and the
-- RLS-checked routes, but a public bucket's /object/public/… is served without RLS, on hosted
-- Supabase as here, so nothing in the database can keep a file in a public bucket private.
--
-- Now the web admin, the studio and the image function upload a lesson's audio and images to
-- the private bucket lesson-drafts, under `<public bucket>/<name>`: the name it will have in
-- the public bucket once published (so the rows store the public address from the start, and
-- the learner's side is unchanged). Admins read those files by signed URL or authenticated
-- download. Publishing a lesson (web admin and studio alike, core/src/files/lesson-publication.ts)
-- first copies its files from lesson-drafts into the public buckets, then sets is_published;
-- sending a lesson back to draft first makes sure lesson-drafts holds a copy of each of its
-- public files, then clears is_published, then removes the public copies (those no other
-- published lesson names). lesson-drafts keeps every file: it is what admins read, and a
-- failure at any point leaves the lesson readable by admins, with nothing lost.
--
-- The guard below makes the order a rule for every client (a PostgREST update included): a
-- lesson whose files are still only in lesson-drafts cannot become published.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'lesson-drafts', 'lesson-drafts', false, 52428800,
  array[
    'audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mp4',
    'audio/x-m4a', 'audio/aac', 'audio/ogg', 'audio/opus', 'audio/flac', 'audio/x-flac',
    'image/png', 'image/jpeg', 'image/webp'
  ]
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Only admins touch lesson-drafts: no policy grants anon or learners anything in it.
create policy "Admins read draft lesson files" on storage.objects
  for select to authenticated
  using (bucket_id = 'lesson-drafts' and (select public.is_admin()));
create policy "Admins upload draft lesson files" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'lesson-drafts' and (select public.is_admin()));
create policy "Admins replace draft lesson files" on storage.objects
  for update to authenticated
  using (bucket_id = 'lesson-drafts' and (select public.is_admin()))
  with check (bucket_id = 'lesson-drafts' and (select public.is_admin()));
create policy "Admins delete draft lesson files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'lesson-drafts' and (select public.is_admin()));

-- The lesson a public-bucket name belongs to by its folder: `<id>/…` (the web admin) or
-- `lessons/<id>/…` (the studio); null for other names (the seed's, generated images).
create or replace function public.lesson_folder_of(_name text)
returns text
language sql immutable
set search_path = ''
as $$
  select case when _name like 'lessons/%' then split_part(_name, '/', 2)
              else split_part(_name, '/', 1) end
$$;
revoke all on function public.lesson_folder_of(text) from public;
grant execute on function public.lesson_folder_of(text) to authenticated, service_role;

-- The audio and image objects every lesson's rows name (audio, slow audio, image, word audio,
-- lesson file records), by their name in the public bucket.
create or replace function public.lesson_row_objects()
returns table (lesson_id uuid, is_published boolean, bucket_id text, name text)
language sql stable security definer
set search_path = ''
as $$
  select l.id, l.is_published, 'lesson-audio', public.lesson_object_name('lesson-audio', ref.url)
  from public.lessons l, unnest(array[l.audio_url, l.slow_audio_url]) as ref (url)
  where ref.url is not null
  union
  select l.id, l.is_published, 'lesson-images', public.lesson_object_name('lesson-images', l.image_url)
  from public.lessons l
  where l.image_url is not null
  union
  select l.id, l.is_published, 'lesson-audio',
         public.lesson_object_name('lesson-audio', v.audio_file_path)
  from public.lesson_vocabulary v
  join public.lessons l on l.id = v.lesson_id
  where v.audio_file_path is not null
  union
  select l.id, l.is_published, f.bucket_id, f.file_path
  from public.lesson_files f
  join public.lessons l on l.id = f.lesson_id
  where f.bucket_id in ('lesson-audio', 'lesson-images')
$$;
revoke all on function public.lesson_row_objects() from public, anon, authenticated;

-- Every audio or image file of one lesson, by its name in the public bucket: those in the
-- lesson's folders (in lesson-drafts or the public bucket) and those its rows name. For each:
-- whether lesson-drafts and the public bucket hold it, and whether another published lesson
-- names it too (the seed's shared recordings, a generated image of the same title), which keeps
-- its public copy when this lesson goes back to draft. Files neither bucket holds (a row naming
-- a foreign URL, a missing file) are left out.
create or replace function public.lesson_storage_files(_lesson_id uuid)
returns table (bucket_id text, name text, in_drafts boolean, in_public boolean, shared boolean)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only admins manage lesson files' using errcode = '42501';
  end if;
  return query
  with rows as (select * from public.lesson_row_objects()),
  files as (
    select r.bucket_id as bucket, r.name from rows r where r.lesson_id = _lesson_id
    union
    select split_part(o.name, '/', 1), substr(o.name, length(split_part(o.name, '/', 1)) + 2)
    from storage.objects o
    where o.bucket_id = 'lesson-drafts'
      and split_part(o.name, '/', 1) in ('lesson-audio', 'lesson-images')
      and public.lesson_folder_of(substr(o.name, length(split_part(o.name, '/', 1)) + 2))
          = _lesson_id::text
    union
    select o.bucket_id, o.name
    from storage.objects o
    where o.bucket_id in ('lesson-audio', 'lesson-images')
      and public.lesson_folder_of(o.name) = _lesson_id::text
  ),
  found as (
    select f.bucket, f.name,
           exists (select 1 from storage.objects o
                   where o.bucket_id = 'lesson-drafts' and o.name = f.bucket || '/' || f.name)
             as in_drafts,
           exists (select 1 from storage.objects o
                   where o.bucket_id = f.bucket and o.name = f.name) as in_public
    from files f
  )
  select f.bucket, f.name, f.in_drafts, f.in_public,
         exists (select 1 from rows r
                 where r.is_published and r.lesson_id <> _lesson_id
                   and r.bucket_id = f.bucket and r.name = f.name)
  from found f
  where f.in_drafts or f.in_public
  order by 1, 2;
end
$$;
revoke all on function public.lesson_storage_files(uuid) from public;
grant execute on function public.lesson_storage_files(uuid) to authenticated, service_role;

-- A lesson becomes published only once every file it has in lesson-drafts is in its public
-- bucket too (the publish path copies them first).
create or replace function public.check_lesson_files_published()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  missing text;
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    select o.name into missing
    from storage.objects o
    where o.bucket_id = 'lesson-drafts'
      and split_part(o.name, '/', 1) in ('lesson-audio', 'lesson-images')
      and public.lesson_folder_of(substr(o.name, length(split_part(o.name, '/', 1)) + 2))
          = new.id::text
      and not exists (
        select 1 from storage.objects p
        where p.bucket_id = split_part(o.name, '/', 1)
          and p.name = substr(o.name, length(split_part(o.name, '/', 1)) + 2)
      )
    limit 1;
    if missing is not null then
      raise exception 'the lesson''s files are not published yet: %', missing
        using errcode = 'P0001',
              hint = 'Copy the lesson''s files from lesson-drafts to their public buckets first.';
    end if;
  end if;
  return new;
end
$$;
revoke all on function public.check_lesson_files_published() from public, anon, authenticated;

create trigger lessons_files_published before insert or update of is_published on public.lessons
  for each row execute function public.check_lesson_files_published();
