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

create or replace function public.lesson_file_is_published(_bucket text, _name text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  with refs as (
    -- How rows name an object: the path in the bucket, or its public URL.
    select _name as path,
           '/storage/v1/object/public/' || _bucket || '/' || _name as url_tail
  )
  select coalesce(
    (
      select exists (
        select 1 from public.lessons l
        where l.is_published
          and l.id::text = case
            when _name like 'lessons/%' then split_part(_name, '/', 2)
            else split_part(_name, '/', 1)
          end
      )
      or exists (
        select 1 from public.lessons l
        where l.is_published
          and exists (
            select 1 from unnest(case
              when _bucket = 'lesson-images' then array[l.image_url]
              else array[l.audio_url, l.slow_audio_url]
            end) as named (ref)
            where named.ref = r.path or right(named.ref, length(r.url_tail)) = r.url_tail
          )
      )
      or (_bucket = 'lesson-audio' and exists (
        select 1 from public.lesson_vocabulary v
        join public.lessons l on l.id = v.lesson_id and l.is_published
        where v.audio_file_path = r.path
           or right(v.audio_file_path, length(r.url_tail)) = r.url_tail
      ))
      or exists (
        select 1 from public.lesson_files f
        join public.lessons l on l.id = f.lesson_id and l.is_published
        where f.bucket_id = _bucket and f.file_path = r.path
      )
      from refs r
    ),
    false
  )
$$;
revoke all on function public.lesson_file_is_published(text, text) from public;
grant execute on function public.lesson_file_is_published(text, text)
  to anon, authenticated, service_role;

drop policy "Anyone reads lesson audio and images" on storage.objects;
create policy "Anyone reads the audio and images of published lessons" on storage.objects
  for select to anon, authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images')
    and public.lesson_file_is_published(bucket_id, name)
  );
