-- A draft lesson's files are not listed or read through the API by anon or learners (issue 27,
-- acceptance 7).
--
-- Finding: a draft lesson's audio in the public lesson-audio bucket was listed and downloaded
-- by anon: "Anyone reads lesson audio and images" let anon and every learner list (and read
-- through the RLS-checked routes, and sign) every object of the two public buckets.
--
-- Now anon and learners see an object of lesson-audio or lesson-images only when it belongs to
-- a published lesson: a published lesson's row names it (audio_url, slow_audio_url, image_url,
-- or a word's audio_file_path: a path in the bucket or its public URL), a lesson file record of
-- a published lesson names it, or it lies in a published lesson's folder (the studio publishes
-- to lessons/<lesson id>/…, the web admin uploads to <lesson id>/…). Admins still see
-- everything ("Admins read every lesson file"): the web admin, the studio's publisher (which
-- lists lessons/<id>/dialogue before it uploads) and their uploads work as before.
--
-- The buckets stay public, so a published lesson's public URL keeps working (the learner's
-- player and offline download use only public URLs). Hosted Supabase serves a public bucket's
-- /object/public/… to anyone who knows the object's name, without RLS, and so does the local
-- server: what keeps a draft's file from being read is that nobody outside the admins can learn
-- its name: listing is closed by this policy, the draft's rows (lessons, lesson_vocabulary,
-- lesson_files) are hidden by their own RLS, and the names hold the lesson's random id (or,
-- from the studio, a content hash).

-- The policy asks two uncorrelated questions, each computed once per statement (a hashed
-- subplan), never once per object: a listing of the seed's hundreds of files would otherwise
-- run lookups per object and hold the database past anon's timeout.

-- The object name a lesson row's reference means: a path in the bucket, or its public URL.
create or replace function public.lesson_object_name(_bucket text, _ref text)
returns text
language sql immutable
set search_path = ''
as $$
  select case
    when strpos(_ref, '/storage/v1/object/public/' || _bucket || '/') > 0
      then substr(_ref, strpos(_ref, '/storage/v1/object/public/' || _bucket || '/')
                        + length('/storage/v1/object/public/' || _bucket || '/'))
    else ltrim(_ref, '/')
  end
$$;
revoke all on function public.lesson_object_name(text, text) from public;
grant execute on function public.lesson_object_name(text, text) to anon, authenticated, service_role;

-- Every object the rows of published lessons name (lesson audio and slow audio, image, word
-- audio, lesson file records).
create or replace function public.published_lesson_objects()
returns table (bucket_id text, name text)
language sql stable security definer
set search_path = ''
as $$
  select 'lesson-audio', public.lesson_object_name('lesson-audio', ref.url)
  from public.lessons l, unnest(array[l.audio_url, l.slow_audio_url]) as ref (url)
  where l.is_published and ref.url is not null
  union
  select 'lesson-images', public.lesson_object_name('lesson-images', l.image_url)
  from public.lessons l
  where l.is_published and l.image_url is not null
  union
  select 'lesson-audio', public.lesson_object_name('lesson-audio', v.audio_file_path)
  from public.lesson_vocabulary v
  join public.lessons l on l.id = v.lesson_id and l.is_published
  where v.audio_file_path is not null
  union
  select f.bucket_id, f.file_path
  from public.lesson_files f
  join public.lessons l on l.id = f.lesson_id and l.is_published
$$;
revoke all on function public.published_lesson_objects() from public;
grant execute on function public.published_lesson_objects() to anon, authenticated, service_role;

-- The ids of published lessons, as the folder names they give their files.
create or replace function public.published_lesson_folders()
returns setof text
language sql stable security definer
set search_path = ''
as $$
  select l.id::text from public.lessons l where l.is_published
$$;
revoke all on function public.published_lesson_folders() from public;
grant execute on function public.published_lesson_folders() to anon, authenticated, service_role;

drop policy "Anyone reads lesson audio and images" on storage.objects;
create policy "Anyone reads the audio and images of published lessons" on storage.objects
  for select to anon, authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images')
    and (
      (bucket_id, name) in (select o.bucket_id, o.name from public.published_lesson_objects() o)
      or (case when name like 'lessons/%' then split_part(name, '/', 2) else split_part(name, '/', 1) end)
        in (select public.published_lesson_folders())
    )
  );
