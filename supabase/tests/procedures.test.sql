-- Remote procedures: who may call them and what they return.
begin;
select plan(35);
select tests.share_tap();
select tests.seed_fixture();

-- tourist pack and reviewed-word count ----------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
-- total_words counts the whole pack, the seed's words with the test's (Szia and kávé, which the
-- seed's pack may hold already: words count once whatever their case).
select results_eq($$select reviewed_words, total_words from get_tourist_pack_progress(tests.user_id('learner-a@test.local'))$$,
  $$select 1, count(distinct lower(word_hu))::int from tourist_pack_words$$, 'learner A sees their tourist pack progress (Szia matches szia)');
select is(get_user_reviewed_words_count(tests.user_id('learner-a@test.local')), 1, 'learner A counts their reviewed words');
select throws_ok($$select * from get_tourist_pack_progress(tests.user_id('learner-b@test.local'))$$, '42501', null, 'learner A cannot read learner B''s tourist pack progress');
select throws_ok($$select get_user_reviewed_words_count(tests.user_id('learner-b@test.local'))$$, '42501', null, 'learner A cannot count learner B''s words');
select throws_ok($$select * from get_streak(tests.user_id('learner-b@test.local'))$$, '42501', null, 'learner A cannot read learner B''s streak');
select throws_ok($$select * from admin_user_progress()$$, '42501', null, 'learners cannot read the users overview');
select throws_ok($$select * from admin_user_progress_totals()$$, '42501', null, 'learners cannot read the users totals');
select throws_ok($$select * from admin_daily_active_learners()$$, '42501', null, 'learners cannot read daily activity');
select throws_ok($$select * from admin_lesson_completion()$$, '42501', null, 'learners cannot read lesson completion');
select throws_ok($$select * from admin_word_accuracy()$$, '42501', null, 'learners cannot read word accuracy');

select tests.authenticate_anon();
select throws_ok($$select * from get_tourist_pack_progress(tests.user_id('learner-a@test.local'))$$, '42501', null, 'anon cannot read tourist pack progress');
select throws_ok($$select * from get_due_words()$$, '42501', null, 'anon has no due words');
select ok(not can_read_user(tests.user_id('learner-a@test.local')), 'can_read_user is false, not null, for anon');

select tests.authenticate_as('admin@test.local');
select results_eq($$select reviewed_words from get_tourist_pack_progress(tests.user_id('learner-b@test.local'))$$, $$values (1)$$, 'admin reads any learner''s tourist pack progress');
select is(get_user_reviewed_words_count(tests.user_id('learner-b@test.local')), 1, 'admin counts any learner''s words');

-- users overview ---------------------------------------------------------------------------------
select results_eq($$select lessons_completed, words_reviewed, avg_accuracy, active_7d from admin_user_progress() where user_id = tests.user_id('learner-a@test.local')$$,
  $$values (1, 1, 90, true)$$, 'the users overview has lessons completed, words reviewed, accuracy and activity');
select is((select count(*)::int from admin_user_progress()), 2, 'the users overview lists learners with progress');
-- Completion is of every published lesson, the seed's included: A completed 1 of them, B none.
select results_eq($$select total_users, active_users_7d, avg_completion, avg_accuracy from admin_user_progress_totals()$$,
  $$select 2, 2, round(100.0 / count(*) / 2)::int, 90 from lessons where is_published$$, 'the totals: users, active in 7 days, average completion and accuracy');
select is((select count(*)::int from admin_daily_active_learners(30)), 30, 'daily activity has one row per day');
select is((select learners from admin_daily_active_learners(30) order by day desc limit 1), 2, 'both learners were active today');
select results_eq($$select learners_started, learners_completed, completion_rate from admin_lesson_completion() where lesson_number = 901$$,
  $$values (2, 1, 50)$$, 'lesson completion counts started and completed learners');
select results_eq($$select word_hu, accuracy from admin_word_accuracy(10)$$, $$values ('szia'::text, 67)$$, 'word accuracy is computed from answers');

-- due words ----------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select results_eq($$select vocabulary_id from get_due_words(20, true)$$, $$values ('11111111-0000-0000-0000-000000000001'::uuid)$$, 'words of completed lessons that are due are returned');
select is((select count(*)::int from get_due_words(20, true, '11111111-1111-1111-1111-111111111111')), 0, 'the current lesson can be excluded');
-- Word progress is read-only for learners (it changes through record_answer); arrange as owner.
select tests.clear_authentication();
update user_vocabulary_progress set due = now() + interval '1 day' where user_id = tests.user_id('learner-a@test.local');
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from get_due_words()), 0, 'words due later are not returned');
select tests.clear_authentication();
update user_vocabulary_progress set due = now() - interval '3 days' where user_id = tests.user_id('learner-a@test.local');
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from get_due_words(20, false)), 0, 'without include_overdue, words due before today are left out');
select is((select count(*)::int from get_due_words(20, true)), 1, 'with include_overdue, they are returned');
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from get_due_words()), 0, 'words of lessons not completed are not due');

-- nothing is queued unanswered (due means answered: a word's progress comes with its first answer) --
select tests.clear_authentication();
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en) values ('11111111-0000-0000-0000-000000000002', '11111111-1111-1111-1111-111111111111', 'viszlát', 'bye');
select is((select count(*)::int from user_vocabulary_progress where user_id = tests.user_id('learner-a@test.local') and vocabulary_id = '11111111-0000-0000-0000-000000000002'), 0, 'a word added to a completed lesson is not queued (a new word, asked in its lesson''s session)');
select is((select count(*)::int from user_vocabulary_progress where user_id = tests.user_id('learner-b@test.local') and vocabulary_id = '11111111-0000-0000-0000-000000000002'), 0, 'nor for learners who have not completed the lesson');
update user_lesson_progress set is_completed = true, completed_at = now() where user_id = tests.user_id('learner-b@test.local');
select is((select count(*)::int from user_vocabulary_progress where user_id = tests.user_id('learner-b@test.local')), 1, 'completing a lesson queues none of its words: only the answered one has progress');
select tests.authenticate_service();
select is(get_user_reviewed_words_count(tests.user_id('learner-b@test.local')), 1, 'queued words do not count as reviewed (the service role may ask)');

-- streak ------------------------------------------------------------------------------------------
select tests.clear_authentication();
delete from review_log; delete from user_lesson_progress; delete from flashcard_sessions;
update profiles set time_zone = 'Europe/Budapest', daily_goal = 10 where user_id = tests.user_id('learner-a@test.local');
-- Budapest is UTC+1 in November: 03:30 local on the 21st still belongs to the 20th (4 am cutoff).
-- Goal days: ten answers each (the goal); the 17th has nine, short of the goal.
insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct, reviewed_at)
select tests.user_id('learner-a@test.local'), '11111111-0000-0000-0000-000000000001', 3, 2, now(), 1, 5, true, t + n * interval '1 second'
from unnest(array['2026-11-15 12:00Z', '2026-11-16 12:00Z', '2026-11-18 10:00Z', '2026-11-19 10:00Z', '2026-11-20 10:00Z']::timestamptz[]) t,
     generate_series(0, 9) n;
insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct, reviewed_at)
select tests.user_id('learner-a@test.local'), '11111111-0000-0000-0000-000000000001', 3, 2, now(), 1, 5, true, '2026-11-21 02:30Z'::timestamptz + n * interval '1 second'
from generate_series(0, 9) n;
insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct, reviewed_at)
select tests.user_id('learner-a@test.local'), '11111111-0000-0000-0000-000000000001', 3, 2, now(), 1, 5, true, '2026-11-17 12:00Z'::timestamptz + n * interval '1 second'
from generate_series(1, 9) n;
select tests.authenticate_as('learner-a@test.local');
select results_eq($$select current_streak, longest_streak from get_streak(tests.user_id('learner-a@test.local'), '2026-11-21 12:00Z')$$,
  $$values (3, 3)$$, 'the current streak counts goal days (local, 4 am cutoff; nine answers of ten do not count) and survives until today ends');
select results_eq($$select current_streak, longest_streak from get_streak(tests.user_id('learner-a@test.local'), '2026-11-23 12:00Z')$$,
  $$values (0, 3)$$, 'a missed day ends the current streak');
select tests.authenticate_as('learner-b@test.local');
select results_eq($$select current_streak, longest_streak from get_streak(tests.user_id('learner-b@test.local'), now())$$,
  $$values (0, 0)$$, 'no activity, no streak');

select * from finish();
rollback;
