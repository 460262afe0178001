-- The course, round 2 (issue 32; DESIGN.md §12.4): translated lesson titles and descriptions, a
-- third rendering of a dialogue at natural tempo, the other people of a scene as lesson
-- characters with their own voice, and short grammar or usage notes tied to lines.
--
-- Everything is optional for a lesson: a recorded lesson has one audio version, no characters and
-- no notes, and keeps working as before. A missing German or Spanish title or description is
-- null (never an empty string), so the apps fall back to English visibly, as meanings do.

-- lessons: translated title and description, natural-tempo audio ---------------------------------
alter table public.lessons
  add column title_de text,
  add column title_es text,
  add column description_de text,
  add column description_es text,
  add column natural_audio_url text,
  add constraint lessons_title_de_check check (
    title_de is null or (char_length(btrim(title_de)) between 1 and 200 and title_de = normalize(title_de, NFC))
  ),
  add constraint lessons_title_es_check check (
    title_es is null or (char_length(btrim(title_es)) between 1 and 200 and title_es = normalize(title_es, NFC))
  ),
  add constraint lessons_description_de_check check (
    description_de is null
    or (char_length(btrim(description_de)) >= 1 and description_de = normalize(description_de, NFC))
  ),
  add constraint lessons_description_es_check check (
    description_es is null
    or (char_length(btrim(description_es)) >= 1 and description_es = normalize(description_es, NFC))
  );

-- A new recording makes the other renderings wrong (their lines and times belong to the old
-- audio): when audio_url changes and the same update sets neither slow_audio_url nor
-- natural_audio_url, both are withdrawn (the studio and the admin editor publish only the normal
-- recording). The seed, which sets all three together, keeps them. Same trigger, wider body.
create or replace function public.lessons_drop_stale_slow_audio() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.audio_url is distinct from old.audio_url then
    if new.slow_audio_url is not distinct from old.slow_audio_url then
      new.slow_audio_url := null;
    end if;
    if new.natural_audio_url is not distinct from old.natural_audio_url then
      new.natural_audio_url := null;
    end if;
  end if;
  return new;
end
$$;

-- lesson_characters ------------------------------------------------------------------------------
-- The spec's speakers stay narrator, anna and bence. Other people of a scene (the waitress,
-- Anna's mother) are characters of the lesson: a line with a character_key is labelled with the
-- character's name in the learner's language and spoken in the character's voice, so the
-- narrator's voice is used for narration only. voice names the synthetic voice (or the actor)
-- the audio was made with; sex is what the voice must fit.
create type public.character_sex as enum ('female', 'male');

create table public.lesson_characters (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  key text not null,
  name_en text not null,
  name_de text,
  name_es text,
  sex public.character_sex not null,
  voice text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lesson_characters_lesson_key_key unique (lesson_id, key),
  constraint lesson_characters_key_check check (
    key ~ '^[a-z][a-z0-9_]{0,39}$' and key not in ('narrator', 'anna', 'bence')
  ),
  constraint lesson_characters_name_en_check check (
    char_length(btrim(name_en)) between 1 and 80 and name_en = normalize(name_en, NFC)
  ),
  constraint lesson_characters_name_de_check check (
    name_de is null or (char_length(btrim(name_de)) between 1 and 80 and name_de = normalize(name_de, NFC))
  ),
  constraint lesson_characters_name_es_check check (
    name_es is null or (char_length(btrim(name_es)) between 1 and 80 and name_es = normalize(name_es, NFC))
  ),
  constraint lesson_characters_voice_check check (char_length(btrim(voice)) between 1 and 80)
);
create trigger lesson_characters_set_updated_at before update on public.lesson_characters
  for each row execute function public.set_updated_at();

alter table public.lesson_characters enable row level security;

create policy "Anyone reads the characters of published lessons" on public.lesson_characters
  for select to anon, authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id and l.is_published));
create policy "Admins read every character" on public.lesson_characters
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add characters" on public.lesson_characters
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit characters" on public.lesson_characters
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete characters" on public.lesson_characters
  for delete to authenticated
  using ((select public.is_admin()));

-- lesson_transcript: who of the lesson's characters speaks, natural-tempo line times --------------
-- A character belongs to the line's own lesson (the foreign key includes lesson_id); deleting the
-- character leaves the line, spoken by its speaker again.
alter table public.lesson_transcript
  add column character_key text,
  add column natural_start_time double precision,
  add column natural_end_time double precision,
  add constraint lesson_transcript_character_fkey foreign key (lesson_id, character_key)
    references public.lesson_characters (lesson_id, key)
    on update cascade on delete set null (character_key),
  add constraint lesson_transcript_natural_times_check check (
    (natural_start_time is null or natural_start_time >= 0)
    and (natural_end_time is null or natural_end_time >= 0)
    and (natural_start_time is null or natural_end_time is null
         or natural_end_time >= natural_start_time)
  );
create index lesson_transcript_character_idx
  on public.lesson_transcript (lesson_id, character_key) where character_key is not null;

-- lesson_notes -----------------------------------------------------------------------------------
-- 2–5 short grammar or usage notes per lesson (Assimil style: why -ban and not -ben, why kérek
-- but kérem), each tied to the lines it explains (line_numbers, 1-based like line_number). RLS
-- like the vocabulary: anyone reads the notes of published lessons, admins read and write all.
create table public.lesson_notes (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  position integer not null,
  title_en text not null,
  title_de text,
  title_es text,
  body_en text not null,
  body_de text,
  body_es text,
  line_numbers integer[] not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lesson_notes_lesson_position_key unique (lesson_id, position),
  constraint lesson_notes_position_check check (position >= 1),
  constraint lesson_notes_line_numbers_check check (
    cardinality(line_numbers) between 1 and 50 and 1 <= all (line_numbers)
    and array_position(line_numbers, null) is null
  ),
  constraint lesson_notes_title_en_check check (
    char_length(btrim(title_en)) between 1 and 120 and title_en = normalize(title_en, NFC)
  ),
  constraint lesson_notes_title_de_check check (
    title_de is null or (char_length(btrim(title_de)) between 1 and 120 and title_de = normalize(title_de, NFC))
  ),
  constraint lesson_notes_title_es_check check (
    title_es is null or (char_length(btrim(title_es)) between 1 and 120 and title_es = normalize(title_es, NFC))
  ),
  constraint lesson_notes_body_en_check check (
    char_length(btrim(body_en)) between 1 and 2000 and body_en = normalize(body_en, NFC)
  ),
  constraint lesson_notes_body_de_check check (
    body_de is null or (char_length(btrim(body_de)) between 1 and 2000 and body_de = normalize(body_de, NFC))
  ),
  constraint lesson_notes_body_es_check check (
    body_es is null or (char_length(btrim(body_es)) between 1 and 2000 and body_es = normalize(body_es, NFC))
  )
);
create trigger lesson_notes_set_updated_at before update on public.lesson_notes
  for each row execute function public.set_updated_at();

alter table public.lesson_notes enable row level security;

create policy "Anyone reads the notes of published lessons" on public.lesson_notes
  for select to anon, authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id and l.is_published));
create policy "Admins read every note" on public.lesson_notes
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add notes" on public.lesson_notes
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit notes" on public.lesson_notes
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete notes" on public.lesson_notes
  for delete to authenticated
  using ((select public.is_admin()));
