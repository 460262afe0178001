-- Learner data: user_lesson_progress, user_vocabulary_progress, review_log, flashcard_sessions.
-- Learners read only their own rows and write none; admins read all; anon nothing.
begin;
select plan(41);
select tests.share_tap();
select tests.seed_fixture();

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from user_lesson_progress), 0, 'anon reads no lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 0, 'anon reads no word progress');
select is((select count(*)::int from review_log), 0, 'anon reads no reviews');
select is((select count(*)::int from flashcard_sessions), 0, 'anon reads no flashcard sessions');
select throws_ok($$insert into user_lesson_progress (user_id, lesson_id) values (tests.user_id('learner-a@test.local'), '11111111-1111-1111-1111-111111111111')$$, '42501', null, 'anon cannot write lesson progress');
select throws_ok($$insert into flashcard_sessions (user_id, total_cards) values (tests.user_id('learner-a@test.local'), 1)$$, '42501', null, 'anon cannot save flashcard sessions');

-- learner A ------------------------------------------------------------------------------------
-- Learners read their own progress and never write it directly: every change goes through
-- complete_lesson_audio, save_flashcard_session or record-word-result (progress-procedures.test.sql).
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from user_lesson_progress), 1, 'learner A reads only their own lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 1, 'learner A reads only their own word progress');
select is((select count(*)::int from review_log), 1, 'learner A reads only their own reviews');
select is((select count(*)::int from flashcard_sessions), 1, 'learner A reads only their own sessions');
select throws_ok($$insert into user_lesson_progress (lesson_id, audio_completed) values ('22222222-2222-2222-2222-222222222222', true)$$, '42501', null, 'learner A cannot insert their own lesson progress');
select throws_ok($$insert into user_lesson_progress (user_id, lesson_id, audio_completed, flashcard_passed, is_completed, flashcard_score, completed_at) values (tests.user_id('learner-a@test.local'), '11111111-1111-1111-1111-111111111111', true, true, true, 999999, now()) on conflict (user_id, lesson_id) do update set flashcard_score = excluded.flashcard_score$$, '42501', null, 'learner A cannot upsert a score into their progress');
select is((select flashcard_score from user_lesson_progress where lesson_id = '11111111-1111-1111-1111-111111111111'), null::int, 'the score is untouched');
select throws_ok($$insert into user_lesson_progress (user_id, lesson_id) values (tests.user_id('learner-b@test.local'), '22222222-2222-2222-2222-222222222222')$$, '42501', null, 'learner A cannot write progress for learner B');
select throws_ok($$update user_lesson_progress set flashcard_accuracy = 0 where user_id = tests.user_id('learner-b@test.local')$$, '42501', null, 'learner A cannot update learner B''s lesson progress');
select throws_ok($$update user_lesson_progress set is_completed = true$$, '42501', null, 'learner A cannot update their own lesson progress');
select throws_ok($$insert into user_vocabulary_progress (vocabulary_id, times_seen) values ('22222222-0000-0000-0000-000000000001', 1)$$, '42501', null, 'learner A cannot insert word progress');
select throws_ok($$update user_vocabulary_progress set times_seen = 100000$$, '42501', null, 'learner A cannot set their own times_seen');
select throws_ok($$update user_vocabulary_progress set times_seen = 99 where user_id = tests.user_id('learner-b@test.local')$$, '42501', null, 'learner A cannot update learner B''s word progress');
select throws_ok($$insert into review_log (vocabulary_id, rating, state, due, stability, difficulty, was_correct, reviewed_at) values ('11111111-0000-0000-0000-000000000001', 3, 0, now(), 0, 0, true, now() - interval '20 days')$$, '42501', null, 'learner A cannot log a (back-dated) review');
select throws_ok($$insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct) values (tests.user_id('learner-b@test.local'), '11111111-0000-0000-0000-000000000001', 3, 0, now(), 0, 0, true)$$, '42501', null, 'learner A cannot log reviews for learner B');
select throws_ok($$update review_log set rating = 4$$, '42501', null, 'the review log cannot be rewritten by learners');
select throws_ok($$delete from review_log$$, '42501', null, 'the review log cannot be deleted by learners');
select throws_ok($$insert into flashcard_sessions (lesson_id, total_cards, correct_answers, accuracy, session_completed, completed_at) values (null, 20, 17, 85, true, now())$$, '42501', null, 'learner A cannot insert a session directly');
select throws_ok($$insert into flashcard_sessions (user_id, total_cards) values (tests.user_id('learner-b@test.local'), 1)$$, '42501', null, 'learner A cannot save sessions for learner B');
select throws_ok($$delete from user_lesson_progress$$, '42501', null, 'learners cannot delete lesson progress');

-- learner B ------------------------------------------------------------------------------------
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from user_lesson_progress), 1, 'learner B reads only their own lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 1, 'learner B reads only their own word progress');
select is((select count(*)::int from review_log), 1, 'learner B reads only their own reviews');
select is((select count(*)::int from flashcard_sessions), 1, 'learner B reads only their own sessions');
select throws_ok($$update user_vocabulary_progress set times_seen = 5, times_correct = 1$$, '42501', null, 'learner B cannot update their own word progress');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from user_lesson_progress), 2, 'admin reads all lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 2, 'admin reads all word progress');
select is((select count(*)::int from review_log), 2, 'admin reads all reviews');
select is((select count(*)::int from flashcard_sessions), 2, 'admin reads all sessions');
select throws_ok($$update user_lesson_progress set flashcard_accuracy = 0$$, '42501', null, 'admin cannot change learners'' progress');
select throws_ok($$delete from review_log$$, '42501', null, 'admin cannot delete reviews');

-- constraints -------------------------------------------------------------------------------------
select tests.clear_authentication();
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id, state) values (tests.user_id('learner-b@test.local'), '22222222-0000-0000-0000-000000000001', 4)$$, '23514', null, 'FSRS state is 0..3');
select throws_ok($$insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct) values (tests.user_id('learner-b@test.local'), '11111111-0000-0000-0000-000000000001', 5, 0, now(), 0, 0, true)$$, '23514', null, 'ratings are 1..4');
select throws_ok($$insert into flashcard_sessions (user_id, total_cards, correct_answers) values (tests.user_id('learner-b@test.local'), 1, 2)$$, '23514', null, 'a session cannot have more correct answers than cards');
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id) values (tests.user_id('learner-a@test.local'), '11111111-0000-0000-0000-000000000001')$$, '23505', null, 'one progress row per user and word');

select * from finish();
rollback;
