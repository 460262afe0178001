-- Add to review from the transcript (issue 31 point 1, DESIGN §12.3 "Keeping a word"): a learner
-- taps a word of a dialogue line and keeps it. The word that becomes their card is the token's
-- lesson word (vocabulary_id) when it has one, else its glossary entry (glossary_id); a token
-- with neither (a name, or a word with only its own meanings) has nothing to keep. The card is
-- the word's recognition row, new and due now, so it is offered as a new item in the review
-- (get_due_items) and record_review accepts answers for a glossary word once it is kept; recall
-- and listening open from its first right recognition as for every word (DESIGN §12.1). The line
-- the word was kept from is remembered as the card's example sentence (example_line_id).
--
-- Learner data is written only through procedures: keep_token is security definer and checks,
-- where the effect happens, that the caller is signed in, that the token belongs to a published
-- lesson the caller may open (lesson_is_open), and that there is something to keep. Keeping a
-- word twice changes nothing (the first example line stays).

alter table public.user_vocabulary_progress
  add column example_line_id uuid references public.lesson_transcript (id) on delete set null;
create index user_vocabulary_progress_example_line_idx
  on public.user_vocabulary_progress (example_line_id) where example_line_id is not null;

create or replace function public.keep_token(_token_id uuid)
returns table (vocabulary_id uuid, glossary_id uuid, example_line_id uuid, created boolean)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  _uid uuid := (select auth.uid());
  _token record;
  _inserted uuid;
begin
  if _uid is null then
    raise exception 'sign in to keep words' using errcode = '42501';
  end if;
  select k.id, k.line_id, k.vocabulary_id, k.glossary_id, k.is_name, t.lesson_id
    into _token
  from public.transcript_tokens k
  join public.lesson_transcript t on t.id = k.line_id
  join public.lessons l on l.id = t.lesson_id
  where k.id = _token_id and l.is_published;
  -- A draft's token is answered as one that does not exist: nothing about drafts leaks.
  if not found then
    raise exception 'word % not found', _token_id using errcode = 'P0002';
  end if;
  if not public.lesson_is_open(_uid, _token.lesson_id) then
    raise exception 'the lesson of word % is not open for you', _token_id using errcode = '42501';
  end if;
  if _token.is_name or num_nonnulls(_token.vocabulary_id, _token.glossary_id) = 0 then
    raise exception 'word % has no dictionary entry to keep', _token_id using errcode = '22023';
  end if;

  if _token.vocabulary_id is not null then
    insert into public.user_vocabulary_progress (user_id, vocabulary_id, skill, due, example_line_id)
    values (_uid, _token.vocabulary_id, 'recognition', now(), _token.line_id)
    on conflict (user_id, vocabulary_id, skill) do nothing
    returning id into _inserted;
  else
    insert into public.user_vocabulary_progress (user_id, glossary_id, skill, due, example_line_id)
    values (_uid, _token.glossary_id, 'recognition', now(), _token.line_id)
    on conflict (user_id, glossary_id, skill) do nothing
    returning id into _inserted;
  end if;
  -- Kept before from another line, or already practised: the row stays as it is, and gains its
  -- example line only if it had none.
  if _inserted is null then
    update public.user_vocabulary_progress p
    set example_line_id = _token.line_id
    where p.user_id = _uid and p.skill = 'recognition' and p.example_line_id is null
      and p.vocabulary_id is not distinct from _token.vocabulary_id
      and p.glossary_id is not distinct from
          (case when _token.vocabulary_id is null then _token.glossary_id end);
  end if;

  return query
  select p.vocabulary_id, p.glossary_id, p.example_line_id, _inserted is not null
  from public.user_vocabulary_progress p
  where p.user_id = _uid and p.skill = 'recognition'
    and p.vocabulary_id is not distinct from _token.vocabulary_id
    and p.glossary_id is not distinct from
        (case when _token.vocabulary_id is null then _token.glossary_id end);
end
$$;
revoke all on function public.keep_token(uuid) from public, anon;
grant execute on function public.keep_token(uuid) to authenticated, service_role;
