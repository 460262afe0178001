-- Practice's tables (issue 30, DESIGN §12.1): user_line_progress, learner_fsrs_parameters,
-- glossary_entries, the skill columns, and the learner's scheduling choices on profiles.
-- Learners read their own progress and parameters and write none of it; admins read progress;
-- anonymous reads nothing of anyone's. The glossary is read by anyone and written by admins.
begin;
select plan(39);
select tests.share_tap();
select tests.seed_fixture();

do $$
declare
  _a uuid := tests.user_id('learner-a@test.local');
  _b uuid := tests.user_id('learner-b@test.local');
  _line uuid := (select id from public.lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111');
begin
  insert into public.glossary_entries (id, lemma, meaning_en)
  values ('99999999-0000-0000-0000-000000000001', 'kutya', 'dog');
  insert into public.user_line_progress (user_id, line_id, skill) values
    (_a, _line, 'dictation'), (_a, _line, 'speaking'), (_b, _line, 'dictation');
  insert into public.learner_fsrs_parameters (user_id, parameters, review_count, item_count, log_loss_default, log_loss_fitted)
  values (_a, array_fill(0.5::float8, array[21]), 500, 420, 0.4, 0.35),
         (_b, null, 410, 300, null, null);
end
$$;

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from user_line_progress), 0, 'anon reads no line progress');
select is((select count(*)::int from learner_fsrs_parameters), 0, 'anon reads no FSRS parameters');
select is((select count(*)::int from glossary_entries where id = '99999999-0000-0000-0000-000000000001'), 1, 'anon reads the glossary');
select throws_ok($$insert into glossary_entries (lemma, meaning_en) values ('macska', 'cat')$$, '42501', null, 'anon cannot add glossary entries');
select throws_ok($$insert into user_line_progress (user_id, line_id, skill) select tests.user_id('learner-a@test.local'), id, 'dictation' from lesson_transcript limit 1$$, '42501', null, 'anon cannot write line progress');
select throws_ok($$insert into learner_fsrs_parameters (user_id, review_count, item_count) values (tests.user_id('learner-a@test.local'), 1, 1)$$, '42501', null, 'anon cannot write FSRS parameters');

-- learner A ------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from user_line_progress), 2, 'learner A reads only their own line progress');
select is((select count(*)::int from learner_fsrs_parameters), 1, 'learner A reads only their own FSRS parameters');
select is((select review_count from learner_fsrs_parameters), 500, 'learner A reads their own fit');
select throws_ok($$update user_line_progress set reps = 100, times_seen = 100$$, '42501', null, 'learner A cannot change their own line progress');
select throws_ok($$insert into user_line_progress (user_id, line_id, skill) select tests.user_id('learner-b@test.local'), line_id, 'speaking' from user_line_progress limit 1$$, '42501', null, 'learner A cannot write learner B''s line progress');
select throws_ok($$delete from user_line_progress$$, '42501', null, 'learner A cannot delete line progress');
select throws_ok($$update learner_fsrs_parameters set log_loss_fitted = 0$$, '42501', null, 'learner A cannot make their fit look better');
select throws_ok($$insert into learner_fsrs_parameters (user_id, parameters, review_count, item_count, log_loss_default, log_loss_fitted) values (tests.user_id('learner-b@test.local'), array_fill(9::float8, array[21]), 1, 1, 1, 0)$$, '42501', null, 'learner A cannot write learner B''s parameters');
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id, skill) values (tests.user_id('learner-a@test.local'), '11111111-0000-0000-0000-000000000001', 'recall')$$, '42501', null, 'learner A cannot open recall of a word by writing it');
select throws_ok($$update user_vocabulary_progress set skill = 'recall'$$, '42501', null, 'learner A cannot move a word''s progress to another skill');
select throws_ok($$update review_log set skill = 'speaking'$$, '42501', null, 'learner A cannot retag a review with another skill');
select throws_ok($$insert into glossary_entries (lemma, meaning_en) values ('macska', 'cat')$$, '42501', null, 'learners cannot add glossary entries');
select is(tests.affected($$update glossary_entries set meaning_en = 'cat' where id = '99999999-0000-0000-0000-000000000001'$$), 0, 'learners cannot edit glossary entries');
select is(tests.affected($$delete from glossary_entries where id = '99999999-0000-0000-0000-000000000001'$$), 0, 'learners cannot delete glossary entries');

-- The learner's scheduling choices ----------------------------------------------------------------------
select results_eq($$select desired_retention, new_items_per_day from profiles$$, $$values (0.90::numeric(3,2), 15::smallint)$$, 'a new profile wants 90 % retention and 15 new items a day');
select is(tests.affected($$update profiles set desired_retention = 0.85, new_items_per_day = 30 where user_id = tests.user_id('learner-a@test.local')$$), 1, 'learner A sets their own retention and daily new items');
select throws_ok($$update profiles set desired_retention = 0.99 where user_id = tests.user_id('learner-a@test.local')$$, '23514', null, 'a retention above 0.95 is refused');
select throws_ok($$update profiles set desired_retention = 0.5 where user_id = tests.user_id('learner-a@test.local')$$, '23514', null, 'a retention below 0.80 is refused');
select throws_ok($$update profiles set new_items_per_day = 1000 where user_id = tests.user_id('learner-a@test.local')$$, '23514', null, 'more than 100 new items a day is refused');
select throws_ok($$update profiles set new_items_per_day = -1 where user_id = tests.user_id('learner-a@test.local')$$, '23514', null, 'a negative daily limit is refused');
select is(tests.affected($$update profiles set desired_retention = 0.8 where user_id = tests.user_id('learner-b@test.local')$$), 0, 'learner A cannot change learner B''s retention');

-- learner B and the admin ---------------------------------------------------------------------------------
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from user_line_progress), 1, 'learner B reads only their own line progress');
select results_eq($$select parameters, item_count from learner_fsrs_parameters$$, $$values (null::float8[], 300)$$, 'learner B reads their own row (no fit yet)');
select is((select desired_retention from profiles where user_id = tests.user_id('learner-b@test.local')), 0.90::numeric(3,2), 'learner B''s retention is untouched');

select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from user_line_progress), 3, 'admin reads all line progress');
select is((select count(*)::int from learner_fsrs_parameters), 0, 'admin reads no learner''s FSRS parameters');
select throws_ok($$update user_line_progress set reps = 0$$, '42501', null, 'admin cannot change line progress');
select lives_ok($$insert into glossary_entries (lemma, meaning_en, meaning_de) values ('macska', 'cat', 'Katze')$$, 'admin adds a glossary entry');
select throws_ok($$insert into glossary_entries (lemma, meaning_en) values (normalize('kávé', NFD), 'coffee')$$, '23514', null, 'a glossary lemma must be NFC');

-- The tables' own rules ---------------------------------------------------------------------------------
select tests.clear_authentication();
select throws_ok($$insert into user_line_progress (user_id, line_id, skill) select tests.user_id('learner-b@test.local'), id, 'recall' from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'$$, '23514', null, 'a line has no recall card');
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id, skill) values (tests.user_id('learner-b@test.local'), '11111111-0000-0000-0000-000000000001', 'dictation')$$, '23514', null, 'a word has no dictation card');
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id, glossary_id) values (tests.user_id('learner-b@test.local'), '11111111-0000-0000-0000-000000000001', '99999999-0000-0000-0000-000000000001')$$, '23514', null, 'a progress row is a lesson word or a glossary word, not both');
select throws_ok($$insert into learner_fsrs_parameters (user_id, parameters, review_count, item_count) values (tests.user_id('admin@test.local'), array[1, 2, 3]::float8[], 1, 1)$$, '23514', null, 'stored parameters are 21 numbers');

select * from finish();
rollback;
