-- Lesson content: lessons, transcript lines, vocabulary, QA reviews, files and the tourist pack.
-- Hungarian text is stored NFC-normalised (macOS hands out NFD); the checks reject anything else.

-- lessons --------------------------------------------------------------------------------------
create table public.lessons (
  id uuid primary key default gen_random_uuid(),
  lesson_number integer,
  title text not null,
  description text,
  level text not null default 'beginner',
  topic text,
  duration integer,
  audio_url text,
  image_url text,
  is_published boolean not null default false,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  language_from text not null default 'english',
  language_to text not null default 'hungarian',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lessons_lesson_number_key unique (lesson_number),
  constraint lessons_lesson_number_check check (lesson_number is null or lesson_number >= 1),
  constraint lessons_title_check check (
    char_length(btrim(title)) between 1 and 200 and title = normalize(title, NFC)
  ),
  constraint lessons_description_check check (
    description is null or description = normalize(description, NFC)
  ),
  constraint lessons_level_check check (level in ('beginner', 'intermediate', 'advanced')),
  constraint lessons_duration_check check (duration is null or duration >= 0),
  constraint lessons_language_from_check check (language_from in ('english', 'german', 'spanish')),
  constraint lessons_language_to_check check (language_to in ('hungarian'))
);
-- Published list ordered by number (landing, dashboard); QA "recently modified".
create index lessons_published_number_idx on public.lessons (lesson_number) where is_published;
create index lessons_updated_at_idx on public.lessons (updated_at desc);
create index lessons_created_by_idx on public.lessons (created_by);
create trigger lessons_set_updated_at before update on public.lessons
  for each row execute function public.set_updated_at();

alter table public.lessons enable row level security;

create policy "Anyone reads published lessons" on public.lessons
  for select to anon, authenticated
  using (is_published);
create policy "Admins read every lesson" on public.lessons
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins create lessons" on public.lessons
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update lessons" on public.lessons
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete lessons" on public.lessons
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_transcript ------------------------------------------------------------------------------
create table public.lesson_transcript (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  line_number integer not null,
  speaker text not null,
  text_content text not null,
  start_time double precision,
  end_time double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lesson_transcript_lesson_line_key unique (lesson_id, line_number),
  constraint lesson_transcript_line_number_check check (line_number >= 0),
  constraint lesson_transcript_speaker_check check (speaker in ('narrator', 'anna', 'bence')),
  constraint lesson_transcript_text_check check (
    char_length(btrim(text_content)) >= 1 and text_content = normalize(text_content, NFC)
  ),
  constraint lesson_transcript_times_check check (
    (start_time is null or start_time >= 0)
    and (end_time is null or end_time >= 0)
    and (start_time is null or end_time is null or end_time >= start_time)
  )
);
create trigger lesson_transcript_set_updated_at before update on public.lesson_transcript
  for each row execute function public.set_updated_at();

alter table public.lesson_transcript enable row level security;

create policy "Anyone reads the transcript of published lessons" on public.lesson_transcript
  for select to anon, authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id and l.is_published));
create policy "Admins read every transcript" on public.lesson_transcript
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add transcript lines" on public.lesson_transcript
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit transcript lines" on public.lesson_transcript
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete transcript lines" on public.lesson_transcript
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_vocabulary ------------------------------------------------------------------------------
-- difficulty has one canonical set (beginner/intermediate/advanced); the editor's easy/medium/hard
-- are mapped in core before they reach the database.
create table public.lesson_vocabulary (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  word_hu text not null,
  word_en text not null,
  difficulty text not null default 'beginner',
  audio_file_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lesson_vocabulary_word_hu_check check (
    char_length(btrim(word_hu)) >= 1 and word_hu = normalize(word_hu, NFC)
  ),
  constraint lesson_vocabulary_word_en_check check (
    char_length(btrim(word_en)) >= 1 and word_en = normalize(word_en, NFC)
  ),
  constraint lesson_vocabulary_difficulty_check check (
    difficulty in ('beginner', 'intermediate', 'advanced')
  )
);
create index lesson_vocabulary_lesson_idx on public.lesson_vocabulary (lesson_id, created_at);
-- Tourist-pack matching compares lower-cased NFC words.
create index lesson_vocabulary_word_hu_lower_idx on public.lesson_vocabulary (lower(word_hu));
create trigger lesson_vocabulary_set_updated_at before update on public.lesson_vocabulary
  for each row execute function public.set_updated_at();

alter table public.lesson_vocabulary enable row level security;

create policy "Anyone reads the vocabulary of published lessons" on public.lesson_vocabulary
  for select to anon, authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id and l.is_published));
create policy "Admins read every vocabulary word" on public.lesson_vocabulary
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add vocabulary words" on public.lesson_vocabulary
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit vocabulary words" on public.lesson_vocabulary
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete vocabulary words" on public.lesson_vocabulary
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_qa_reviews ------------------------------------------------------------------------------
create table public.lesson_qa_reviews (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  qa_notes text not null,
  status text not null default 'approved',
  reviewed_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint lesson_qa_reviews_status_check check (status in ('approved')),
  constraint lesson_qa_reviews_notes_check check (char_length(btrim(qa_notes)) >= 1)
);
create index lesson_qa_reviews_lesson_idx on public.lesson_qa_reviews (lesson_id, created_at desc);

alter table public.lesson_qa_reviews enable row level security;

create policy "Admins read QA reviews" on public.lesson_qa_reviews
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins write QA reviews" on public.lesson_qa_reviews
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit QA reviews" on public.lesson_qa_reviews
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete QA reviews" on public.lesson_qa_reviews
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_files -----------------------------------------------------------------------------------
create table public.lesson_files (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  file_name text not null,
  file_path text not null,
  file_type text not null,
  mime_type text,
  file_size bigint,
  bucket_id text not null,
  uploaded_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint lesson_files_file_type_check check (
    file_type in ('audio', 'image', 'video', 'document', 'transcript', 'vocabulary', 'other')
  ),
  constraint lesson_files_bucket_check check (
    bucket_id in ('lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents')
  ),
  constraint lesson_files_file_size_check check (file_size is null or file_size >= 0),
  constraint lesson_files_name_check check (file_name = normalize(file_name, NFC))
);
create index lesson_files_lesson_idx on public.lesson_files (lesson_id);

alter table public.lesson_files enable row level security;

create policy "Admins read lesson files" on public.lesson_files
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins record lesson files" on public.lesson_files
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit lesson files" on public.lesson_files
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete lesson files" on public.lesson_files
  for delete to authenticated
  using ((select public.is_admin()));

-- tourist_pack_words ---------------------------------------------------------------------------
create table public.tourist_pack_words (
  id uuid primary key default gen_random_uuid(),
  position integer not null,
  word_hu text not null,
  word_en text not null,
  created_at timestamptz not null default now(),
  constraint tourist_pack_words_position_key unique (position),
  constraint tourist_pack_words_position_check check (position >= 1),
  constraint tourist_pack_words_word_hu_check check (
    char_length(btrim(word_hu)) >= 1 and word_hu = normalize(word_hu, NFC)
  ),
  constraint tourist_pack_words_word_en_check check (char_length(btrim(word_en)) >= 1)
);
create index tourist_pack_words_word_hu_lower_idx on public.tourist_pack_words (lower(word_hu));

alter table public.tourist_pack_words enable row level security;

create policy "Anyone reads the tourist pack" on public.tourist_pack_words
  for select to anon, authenticated
  using (true);
create policy "Admins add tourist pack words" on public.tourist_pack_words
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit tourist pack words" on public.tourist_pack_words
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete tourist pack words" on public.tourist_pack_words
  for delete to authenticated
  using ((select public.is_admin()));
