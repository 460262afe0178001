-- Add to review from the transcript: keep_token (issue 31 point 1, DESIGN.md §12.3 "Keeping a
-- word"). A signed-in learner keeps a token of a published lesson they may open: its lesson word,
-- else its glossary entry, becomes their recognition card (new, due now) with the token's line as
-- its example sentence. Anonymous callers, other learners' rows, drafts, locked lessons, names and
-- unlinked words are refused; nothing else is written. Every other lesson is unpublished inside
-- this transaction, so lesson 901 is the first one (open to every learner).
begin;
select plan(24);
select tests.share_tap();
select tests.seed_fixture();
update lessons set is_published = false where lesson_number is null or lesson_number < 900;

insert into glossary_entries (id, lemma, part_of_speech, meaning_en, meaning_de, meaning_es) values
  ('00000835-0000-0000-0000-0000000000a1', 'kér', 'verb', 'to ask for', 'bitten', 'pedir'),
  ('00000835-0000-0000-0000-0000000000a2', 'kávé', 'noun', 'coffee', 'Kaffee', 'café');
-- Lesson 901 gets a second line; 903 is published after it (locked until 901 is passed).
insert into lessons (id, lesson_number, title, level, is_published)
values ('00000835-0000-0000-0000-000000000903', 903, 'Harmadik lecke', 'beginner', true);
insert into lesson_transcript (id, lesson_id, line_number, speaker, text_content, start_time, end_time) values
  ('00000835-0000-0000-0000-0000000000b2', '11111111-1111-1111-1111-111111111111', 2, 'bence', 'Kérek egy kávét.', 2, 4),
  ('00000835-0000-0000-0000-0000000000b3', '00000835-0000-0000-0000-000000000903', 1, 'anna', 'Kávét kérek.', 0, 2);
insert into transcript_tokens (id, line_id, position, char_start, char_end, text, lemma, grammar_notes, vocabulary_id, glossary_id, is_name)
select v.id::uuid, t.id, v.position, v.s, v.e, v.text, v.lemma, v.notes::grammar_note[], v.vocab::uuid, v.gloss::uuid, v.is_name
from (values
  ('00000835-0000-0000-0000-0000000000c1', '11111111-1111-1111-1111-111111111111', 1, 0, 0, 4, 'Szia', 'szia', '{}', '11111111-0000-0000-0000-000000000001', null, false),
  ('00000835-0000-0000-0000-0000000000c2', '11111111-1111-1111-1111-111111111111', 1, 1, 6, 11, 'Bence', 'Bence', '{}', null, null, true),
  ('00000835-0000-0000-0000-0000000000c3', '11111111-1111-1111-1111-111111111111', 2, 0, 0, 5, 'Kérek', 'kér', '{first_person_singular}', null, '00000835-0000-0000-0000-0000000000a1', false),
  ('00000835-0000-0000-0000-0000000000c4', '11111111-1111-1111-1111-111111111111', 2, 1, 6, 9, 'egy', 'egy', '{}', null, null, false),
  ('00000835-0000-0000-0000-0000000000c5', '11111111-1111-1111-1111-111111111111', 2, 2, 10, 15, 'kávét', 'kávé', '{accusative}', null, '00000835-0000-0000-0000-0000000000a2', false),
  ('00000835-0000-0000-0000-0000000000c6', '22222222-2222-2222-2222-222222222222', 1, 1, 3, 10, 'reggelt', 'reggel', '{accusative}', '22222222-0000-0000-0000-000000000001', null, false),
  ('00000835-0000-0000-0000-0000000000c7', '00000835-0000-0000-0000-000000000903', 1, 0, 0, 5, 'Kávét', 'kávé', '{accusative}', null, '00000835-0000-0000-0000-0000000000a2', false)
) as v(id, lesson_id, line_number, position, s, e, text, lemma, notes, vocab, gloss, is_name)
join lesson_transcript t on t.lesson_id = v.lesson_id::uuid and t.line_number = v.line_number;

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000c5')$$, '42501', null, 'anon cannot keep a word');

-- learner A keeps a glossary word ----------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select results_eq($$select vocabulary_id, glossary_id, example_line_id, created from keep_token('00000835-0000-0000-0000-0000000000c5')$$,
  $$values (null::uuid, '00000835-0000-0000-0000-0000000000a2'::uuid, '00000835-0000-0000-0000-0000000000b2'::uuid, true)$$,
  'a learner keeps a glossary word, with its line as the example sentence');
select results_eq($$select skill::text, reps, state::int, due <= now() from user_vocabulary_progress where glossary_id = '00000835-0000-0000-0000-0000000000a2'$$,
  $$values ('recognition', 0, 0, true)$$, 'the kept word is a new recognition card, due now');
select results_eq($$select vocabulary_id, glossary_id, example_line_id, created from keep_token('00000835-0000-0000-0000-0000000000c5')$$,
  $$values (null::uuid, '00000835-0000-0000-0000-0000000000a2'::uuid, '00000835-0000-0000-0000-0000000000b2'::uuid, false)$$,
  'keeping it again changes nothing');
select is((select count(*)::int from user_vocabulary_progress where glossary_id = '00000835-0000-0000-0000-0000000000a2'), 1, 'one card per kept word');
select is((select count(*)::int from get_practice_items() where item_id = '00000835-0000-0000-0000-0000000000a2' and skill = 'recognition' and is_new), 1, 'the kept glossary word is a new practice item (met in the review)');
select is((select count(*)::int from get_due_items() where item_id = '00000835-0000-0000-0000-0000000000a2' and is_new), 1, 'the review offers the kept word as a new item');

-- a lesson word the learner has practised: kept, its progress untouched, its example line added
select results_eq($$select vocabulary_id, glossary_id, example_line_id, created from keep_token('00000835-0000-0000-0000-0000000000c1')$$,
  $$select '11111111-0000-0000-0000-000000000001'::uuid, null::uuid, t.id, false from lesson_transcript t where t.lesson_id = '11111111-1111-1111-1111-111111111111' and t.line_number = 1$$,
  'a lesson word keeps its card; the token''s line becomes its example');
select results_eq($$select times_seen, times_correct from user_vocabulary_progress where vocabulary_id = '11111111-0000-0000-0000-000000000001' and skill = 'recognition'$$,
  $$values (2, 1)$$, 'keeping a practised word does not touch its progress');

-- refused ----------------------------------------------------------------------------------------
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000c2')$$, '22023', null, 'a name cannot be kept');
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000c4')$$, '22023', null, 'a word without a lesson word or glossary entry cannot be kept');
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000c6')$$, 'P0002', null, 'a draft''s word is answered as not found');
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000ff')$$, 'P0002', null, 'an unknown token is not found');
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000c7')$$, '42501', null, 'a word of a lesson the learner may not open yet cannot be kept');
select is((select count(*)::int from user_vocabulary_progress where example_line_id = '00000835-0000-0000-0000-0000000000b3'), 0, 'the locked lesson''s word left no card');
select throws_ok($$insert into user_vocabulary_progress (user_id, glossary_id) values (auth.uid(), '00000835-0000-0000-0000-0000000000a1')$$, '42501', null, 'a learner cannot make a card by hand');
select throws_ok($$update user_vocabulary_progress set example_line_id = '00000835-0000-0000-0000-0000000000b3'$$, '42501', null, 'a learner cannot change a card''s example line');
select throws_ok($$select * from keep_token(null)$$, 'P0002', null, 'a null token is not found');

-- learner B --------------------------------------------------------------------------------------
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from user_vocabulary_progress where glossary_id is not null), 0, 'learner B does not see A''s kept words');
select throws_ok($$update user_vocabulary_progress set example_line_id = null where glossary_id is not null$$, '42501', null, 'learner B cannot change A''s kept words');
select results_eq($$select glossary_id, created from keep_token('00000835-0000-0000-0000-0000000000c3')$$,
  $$values ('00000835-0000-0000-0000-0000000000a1'::uuid, true)$$, 'learner B keeps a word of their own');
select is((select count(*)::int from user_vocabulary_progress where glossary_id is not null), 1, 'learner B sees only their own kept word');

-- the service role may call it, but only as a signed-in learner (auth.uid) -----------------------
select tests.authenticate_service();
select throws_ok($$select * from keep_token('00000835-0000-0000-0000-0000000000c5')$$, '42501', null, 'without a learner there is no one to keep the word for');
reset role;
select is((select count(*)::int from user_vocabulary_progress where glossary_id = '00000835-0000-0000-0000-0000000000a2'), 1, 'after all of it, A still has exactly one card of the kept word');

select * from finish();
rollback;
