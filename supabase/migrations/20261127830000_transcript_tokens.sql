-- Every word of a dialogue explains itself (issue 31, tap-a-word; DESIGN.md §12.3) and word times
-- reach the learner (issue 28 point 6): each transcript line stores its words as tokens, with
-- the dictionary form, the notes of what its endings do, its meaning (its own per language, or
-- a link to a lesson word or a course-wide glossary entry) and its start and end in each audio
-- version of the lesson (normal, slow, natural; null until aligned).
--
-- RLS exactly like the transcript: anyone reads the tokens of published lessons' lines, admins
-- read and write all; learners never write. A token is valid only where it stands: its text is
-- the line's text at its offsets (core's tokenize is the one rule for what a word is), its lesson
-- word belongs to the line's lesson and so does its note. A line whose text changes keeps no
-- stale tokens: the change deletes that line's tokens (and so its word times), and the editors
-- propose new ones and say so.

-- glossary_entries -----------------------------------------------------------------------------
-- The course-wide dictionary of dictionary forms. The practice issue (migration
-- 20261127600000_practice_skills) creates it in this very shape because a kept glossary word
-- has a skill state; where that migration has run, this block does nothing. Where it has not
-- (a branch without the practice issue), the same table, checks and policies are made here, so
-- tokens can point at it either way.
do $glossary$
begin
  if to_regclass('public.glossary_entries') is not null then
    return;
  end if;
  create table public.glossary_entries (
    id uuid primary key default gen_random_uuid(),
    lemma text not null,
    part_of_speech text,
    meaning_en text not null,
    meaning_de text,
    meaning_es text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint glossary_entries_lemma_check check (
      char_length(btrim(lemma)) between 1 and 200 and lemma = normalize(lemma, NFC)
    ),
    constraint glossary_entries_part_of_speech_check check (
      part_of_speech is null
      or (char_length(btrim(part_of_speech)) between 1 and 50
          and part_of_speech = normalize(part_of_speech, NFC))
    ),
    constraint glossary_entries_meaning_en_check check (
      char_length(btrim(meaning_en)) between 1 and 500 and meaning_en = normalize(meaning_en, NFC)
    ),
    constraint glossary_entries_meaning_de_check check (
      meaning_de is null
      or (char_length(btrim(meaning_de)) between 1 and 500 and meaning_de = normalize(meaning_de, NFC))
    ),
    constraint glossary_entries_meaning_es_check check (
      meaning_es is null
      or (char_length(btrim(meaning_es)) between 1 and 500 and meaning_es = normalize(meaning_es, NFC))
    )
  );
  create index glossary_entries_lemma_idx on public.glossary_entries (lower(lemma));
  create trigger glossary_entries_set_updated_at before update on public.glossary_entries
    for each row execute function public.set_updated_at();

  alter table public.glossary_entries enable row level security;

  create policy "Anyone reads the glossary" on public.glossary_entries
    for select to anon, authenticated
    using (true);
  create policy "Admins add glossary entries" on public.glossary_entries
    for insert to authenticated
    with check ((select public.is_admin()));
  create policy "Admins edit glossary entries" on public.glossary_entries
    for update to authenticated
    using ((select public.is_admin()))
    with check ((select public.is_admin()));
  create policy "Admins delete glossary entries" on public.glossary_entries
    for delete to authenticated
    using ((select public.is_admin()));
end
$glossary$;

-- The seed and the studio look entries up by their dictionary form; one entry per form and part
-- of speech keeps the glossary a dictionary, not a list of duplicates.
create unique index glossary_entries_lemma_pos_key
  on public.glossary_entries (lemma, coalesce(part_of_speech, ''));

-- grammar_note ---------------------------------------------------------------------------------
-- The closed set of notes a token can carry about its endings (and the forms that matter to a
-- beginner). The texts, in en/de/es, are core's catalogue (core/src/grammar); each app renders
-- them. New notes are added with `alter type ... add value`.
create type public.grammar_note as enum (
  -- cases
  'accusative',        -- -t: the object
  'dative',            -- -nak/-nek: to, for
  'inessive',          -- -ban/-ben: in
  'illative',          -- -ba/-be: into
  'elative',           -- -ból/-ből: out of, from
  'superessive',       -- -n/-on/-en/-ön: on
  'sublative',         -- -ra/-re: onto
  'delative',          -- -ról/-ről: off, about
  'adessive',          -- -nál/-nél: at, by
  'allative',          -- -hoz/-hez/-höz: to
  'ablative',          -- -tól/-től: from (someone)
  'instrumental',      -- -val/-vel: with
  'causal_final',      -- -ért: for
  'translative',       -- -vá/-vé: into (becoming)
  'terminative',       -- -ig: until, as far as
  'essive_formal',     -- -ként: as
  'temporal',          -- -kor: at (a time)
  -- number and possession
  'plural',            -- -k
  'possessive_1sg',    -- -m/-om/-em: my
  'possessive_2sg',    -- -d/-od/-ed: your
  'possessive_3sg',    -- -a/-e/-ja/-je: his, her, its
  'possessive_1pl',    -- -nk/-unk/-ünk: our
  'possessive_2pl',    -- -tok/-tek/-tök: your (plural)
  'possessive_3pl',    -- -uk/-ük/-juk/-jük: their
  -- verbs
  'first_person_singular',
  'second_person_singular',
  'third_person_singular',
  'first_person_plural',
  'second_person_plural',
  'third_person_plural',
  'definite_conjugation',  -- the verb has a definite object (kérem, látom)
  'i_you',                 -- -lak/-lek: I … you
  'past',                  -- -t/-tt
  'conditional',           -- -na/-ne/-ná/-né
  'imperative',            -- -j
  'infinitive',            -- -ni
  'potential',             -- -hat/-het: can, may
  'verbal_prefix',         -- meg-, el-, be-, ki-, fel-, le-…
  'formal_you',            -- ön, maga: the polite you
  -- adjectives and adverbs
  'comparative',           -- -bb
  'superlative',           -- leg-…-bb
  'adverb',                -- -an/-en, -ul/-ül
  'adjective_i'            -- -i: of, from (budapesti)
);

-- transcript_tokens ----------------------------------------------------------------------------
-- One row per word of a line. char_start/char_end are UTF-16 offsets into the line's NFC text
-- (JavaScript's string offsets; the same as code points for every text without characters
-- beyond U+FFFF), so whatever lies between words is rendered as it is. Meanings: a token's own
-- meaning_xx wins over its link's; vocabulary_id (a word of the line's lesson) and glossary_id
-- supply the rest. is_name marks people's and places' names, which need no meaning. confirmed:
-- an author confirmed the proposal (the editors show unconfirmed proposals as such).
create table public.transcript_tokens (
  id uuid primary key default gen_random_uuid(),
  line_id uuid not null references public.lesson_transcript (id) on delete cascade,
  position integer not null,
  char_start integer not null,
  char_end integer not null,
  text text not null,
  lemma text not null,
  grammar_notes public.grammar_note[] not null default '{}',
  vocabulary_id uuid references public.lesson_vocabulary (id) on delete set null,
  glossary_id uuid references public.glossary_entries (id) on delete set null,
  meaning_en text,
  meaning_de text,
  meaning_es text,
  is_name boolean not null default false,
  lesson_note_id uuid references public.lesson_notes (id) on delete set null,
  confirmed boolean not null default false,
  start_time double precision,
  end_time double precision,
  slow_start_time double precision,
  slow_end_time double precision,
  natural_start_time double precision,
  natural_end_time double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint transcript_tokens_line_position_key unique (line_id, position),
  constraint transcript_tokens_position_check check (position between 0 and 499),
  constraint transcript_tokens_offsets_check check (char_start >= 0 and char_end > char_start),
  constraint transcript_tokens_text_check check (
    char_length(text) between 1 and 200 and text = normalize(text, NFC) and text = btrim(text)
  ),
  constraint transcript_tokens_lemma_check check (
    char_length(btrim(lemma)) between 1 and 200 and lemma = normalize(lemma, NFC)
  ),
  constraint transcript_tokens_grammar_notes_check check (
    cardinality(grammar_notes) <= 8 and array_position(grammar_notes, null) is null
  ),
  constraint transcript_tokens_meaning_en_check check (
    meaning_en is null
    or (char_length(btrim(meaning_en)) between 1 and 500 and meaning_en = normalize(meaning_en, NFC))
  ),
  constraint transcript_tokens_meaning_de_check check (
    meaning_de is null
    or (char_length(btrim(meaning_de)) between 1 and 500 and meaning_de = normalize(meaning_de, NFC))
  ),
  constraint transcript_tokens_meaning_es_check check (
    meaning_es is null
    or (char_length(btrim(meaning_es)) between 1 and 500 and meaning_es = normalize(meaning_es, NFC))
  ),
  constraint transcript_tokens_times_check check (
    (start_time is null) = (end_time is null) and (start_time is null or (start_time >= 0 and end_time >= start_time))
  ),
  constraint transcript_tokens_slow_times_check check (
    (slow_start_time is null) = (slow_end_time is null)
    and (slow_start_time is null or (slow_start_time >= 0 and slow_end_time >= slow_start_time))
  ),
  constraint transcript_tokens_natural_times_check check (
    (natural_start_time is null) = (natural_end_time is null)
    and (natural_start_time is null
         or (natural_start_time >= 0 and natural_end_time >= natural_start_time))
  )
);
create index transcript_tokens_vocabulary_idx on public.transcript_tokens (vocabulary_id)
  where vocabulary_id is not null;
create index transcript_tokens_glossary_idx on public.transcript_tokens (glossary_id)
  where glossary_id is not null;
create index transcript_tokens_note_idx on public.transcript_tokens (lesson_note_id)
  where lesson_note_id is not null;
create trigger transcript_tokens_set_updated_at before update on public.transcript_tokens
  for each row execute function public.set_updated_at();

-- A token stands where it says: its text is the line's text at its offsets, its lesson word and
-- its note belong to the line's lesson. Checked on every write, whoever writes.
create or replace function public.transcript_tokens_check_line() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  _line record;
  _units integer[];
  _from integer;
  _to integer;
begin
  select t.lesson_id, t.text_content into _line
  from public.lesson_transcript t where t.id = new.line_id;
  -- UTF-16 offsets to code points: a character beyond U+FFFF takes two UTF-16 units.
  _from := new.char_start;
  _to := new.char_end;
  if _line.text_content ~ '[\U00010000-\U0010FFFF]' then
    select array_agg(case when ascii(c) > 65535 then 2 else 1 end order by i) into _units
    from unnest(regexp_split_to_array(_line.text_content, '')) with ordinality as u(c, i);
    _from := 0;
    _to := 0;
    declare
      _sum integer := 0;
      _i integer := 0;
    begin
      while _i < cardinality(_units) and _sum < new.char_start loop
        _sum := _sum + _units[_i + 1];
        _i := _i + 1;
      end loop;
      _from := case when _sum = new.char_start then _i else -1 end;
      while _i < cardinality(_units) and _sum < new.char_end loop
        _sum := _sum + _units[_i + 1];
        _i := _i + 1;
      end loop;
      _to := case when _sum = new.char_end then _i else -1 end;
    end;
  end if;
  if _from < 0 or _to < 0
     or substr(_line.text_content, _from + 1, _to - _from) is distinct from new.text then
    raise exception 'token % of line % is not the line''s text at %..%',
      new.position, new.line_id, new.char_start, new.char_end using errcode = '23514';
  end if;
  if new.vocabulary_id is not null and not exists (
    select 1 from public.lesson_vocabulary v
    where v.id = new.vocabulary_id and v.lesson_id = _line.lesson_id
  ) then
    raise exception 'the word of token % is not a word of the line''s lesson', new.position
      using errcode = '23514';
  end if;
  if new.lesson_note_id is not null and not exists (
    select 1 from public.lesson_notes n
    where n.id = new.lesson_note_id and n.lesson_id = _line.lesson_id
  ) then
    raise exception 'the note of token % is not a note of the line''s lesson', new.position
      using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger transcript_tokens_check_line before insert or update on public.transcript_tokens
  for each row execute function public.transcript_tokens_check_line();

-- A line whose text changes keeps no stale tokens: its tokens and their word times go, whoever
-- changes the text (the web editor, the studio's publish, an admin by hand). Times of lines are
-- not touched; tokens of lines whose text stays keep everything.
create or replace function public.lesson_transcript_drop_stale_tokens() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  delete from public.transcript_tokens k where k.line_id = new.id;
  return new;
end
$$;
create trigger lesson_transcript_drop_stale_tokens after update of text_content
  on public.lesson_transcript
  for each row when (new.text_content is distinct from old.text_content)
  execute function public.lesson_transcript_drop_stale_tokens();

alter table public.transcript_tokens enable row level security;

create policy "Anyone reads the tokens of published lessons" on public.transcript_tokens
  for select to anon, authenticated
  using (exists (
    select 1 from public.lesson_transcript t
    join public.lessons l on l.id = t.lesson_id
    where t.id = line_id and l.is_published
  ));
create policy "Admins read every token" on public.transcript_tokens
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add tokens" on public.transcript_tokens
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit tokens" on public.transcript_tokens
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins delete tokens" on public.transcript_tokens
  for delete to authenticated
  using ((select public.is_admin()));

-- Saving tokens ------------------------------------------------------------------------------------
-- save_line_tokens(_lesson_id, _lines): for each listed line ([{line_id, text_content, tokens:
-- [{position, char_start, char_end, text, lemma, grammar_notes, vocabulary_id, glossary_id,
-- meaning_en, meaning_de, meaning_es, is_name, lesson_note_id, confirmed, start_time, end_time,
-- slow_start_time, slow_end_time, natural_start_time, natural_end_time}]}]) its tokens become the
-- given ones, in one transaction; lines not listed keep theirs. text_content is the line's text
-- the tokens were made for: when the stored text differs (someone changed the line meanwhile),
-- nothing is written and 40001 is raised, so tokens never land on a text they do not fit. A token
-- whose columns are unchanged keeps its row (id, updated_at).
-- Security invoker: RLS decides as for any write; the admin check is repeated first for a clear
-- 42501. Errors: 42501 (not an admin), 22023 (bad argument), 40001 (the line changed), 23xxx.
create or replace function public.save_line_tokens(_lesson_id uuid, _lines jsonb)
returns setof public.transcript_tokens
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  _line jsonb;
  _line_id uuid;
  _text text;
begin
  perform public.assert_admin();
  if jsonb_typeof(_lines) is distinct from 'array' then
    raise exception 'lines must be a JSON array' using errcode = '22023';
  end if;
  perform 1 from public.lessons l where l.id = _lesson_id for update;
  if not found then
    raise exception 'lesson % not found', _lesson_id using errcode = '22023';
  end if;
  for _line in select * from jsonb_array_elements(_lines) loop
    if jsonb_typeof(_line -> 'tokens') is distinct from 'array' then
      raise exception 'a line''s tokens must be a JSON array' using errcode = '22023';
    end if;
    _line_id := (_line ->> 'line_id')::uuid;
    select t.text_content into _text from public.lesson_transcript t
    where t.id = _line_id and t.lesson_id = _lesson_id;
    if not found then
      raise exception 'line % is not a line of lesson %', _line_id, _lesson_id using errcode = '22023';
    end if;
    if _line ? 'text_content' and _text is distinct from (_line ->> 'text_content') then
      raise exception 'line % changed since its tokens were made', _line_id using errcode = '40001';
    end if;

    delete from public.transcript_tokens k
    where k.line_id = _line_id
      and not exists (
        select 1 from jsonb_to_recordset(_line -> 'tokens') as x(
          position integer, char_start integer, char_end integer, text text, lemma text,
          grammar_notes public.grammar_note[], vocabulary_id uuid, glossary_id uuid,
          meaning_en text, meaning_de text, meaning_es text, is_name boolean, lesson_note_id uuid,
          confirmed boolean, start_time double precision, end_time double precision,
          slow_start_time double precision, slow_end_time double precision,
          natural_start_time double precision, natural_end_time double precision
        )
        where (x.position, x.char_start, x.char_end, x.text, x.lemma,
               coalesce(x.grammar_notes, '{}'), x.vocabulary_id, x.glossary_id, x.meaning_en,
               x.meaning_de, x.meaning_es, coalesce(x.is_name, false), x.lesson_note_id,
               coalesce(x.confirmed, false), x.start_time, x.end_time, x.slow_start_time,
               x.slow_end_time, x.natural_start_time, x.natural_end_time)
              is not distinct from
              (k.position, k.char_start, k.char_end, k.text, k.lemma, k.grammar_notes,
               k.vocabulary_id, k.glossary_id, k.meaning_en, k.meaning_de, k.meaning_es,
               k.is_name, k.lesson_note_id, k.confirmed, k.start_time, k.end_time,
               k.slow_start_time, k.slow_end_time, k.natural_start_time, k.natural_end_time)
      );

    insert into public.transcript_tokens (
      line_id, position, char_start, char_end, text, lemma, grammar_notes, vocabulary_id,
      glossary_id, meaning_en, meaning_de, meaning_es, is_name, lesson_note_id, confirmed,
      start_time, end_time, slow_start_time, slow_end_time, natural_start_time, natural_end_time
    )
    select _line_id, x.position, x.char_start, x.char_end, x.text, x.lemma,
           coalesce(x.grammar_notes, '{}'), x.vocabulary_id, x.glossary_id, x.meaning_en,
           x.meaning_de, x.meaning_es, coalesce(x.is_name, false), x.lesson_note_id,
           coalesce(x.confirmed, false), x.start_time, x.end_time, x.slow_start_time,
           x.slow_end_time, x.natural_start_time, x.natural_end_time
    from jsonb_to_recordset(_line -> 'tokens') as x(
      position integer, char_start integer, char_end integer, text text, lemma text,
      grammar_notes public.grammar_note[], vocabulary_id uuid, glossary_id uuid,
      meaning_en text, meaning_de text, meaning_es text, is_name boolean, lesson_note_id uuid,
      confirmed boolean, start_time double precision, end_time double precision,
      slow_start_time double precision, slow_end_time double precision,
      natural_start_time double precision, natural_end_time double precision
    )
    where not exists (select 1 from public.transcript_tokens k
                      where k.line_id = _line_id and k.position = x.position);
  end loop;

  return query
    select k.* from public.transcript_tokens k
    join public.lesson_transcript t on t.id = k.line_id
    where t.lesson_id = _lesson_id
    order by t.line_number, k.position;
end
$$;
revoke all on function public.save_line_tokens(uuid, jsonb) from public, anon;
grant execute on function public.save_line_tokens(uuid, jsonb) to authenticated, service_role;
