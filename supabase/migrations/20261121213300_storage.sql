-- Storage buckets for lesson media, with the size and MIME limits of the admin spec, and the
-- storage.objects policies per bucket. Public buckets are downloadable without a key through
-- their public URL; listing and every write go through these policies.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  (
    'lesson-audio', 'lesson-audio', true, 52428800,
    array['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mp4',
          'audio/x-m4a', 'audio/aac']
  ),
  (
    'lesson-images', 'lesson-images', true, 5242880,
    array['image/png', 'image/jpeg', 'image/webp']
  ),
  (
    'lesson-video', 'lesson-video', false, 524288000,
    array['video/mp4', 'video/webm', 'video/quicktime']
  ),
  (
    'lesson-documents', 'lesson-documents', false, 10485760,
    array['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/pdf',
          'application/json', 'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
  )
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone reads lesson audio and images" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('lesson-audio', 'lesson-images'));
create policy "Admins read every lesson file" on storage.objects
  for select to authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );
create policy "Admins upload lesson files" on storage.objects
  for insert to authenticated
  with check (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );
create policy "Admins replace lesson files" on storage.objects
  for update to authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  )
  with check (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );
create policy "Admins delete lesson files" on storage.objects
  for delete to authenticated
  using (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
    and (select public.is_admin())
  );

-- Buckets are configuration: everyone may read them (the API lists them), nobody but the
-- service role (which bypasses RLS) changes them.
create policy "Anyone reads the bucket list" on storage.buckets
  for select to anon, authenticated
  using (true);
