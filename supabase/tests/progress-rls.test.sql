-- Learner data: user_lesson_progress, user_vocabulary_progress, review_log, flashcard_sessions.
-- Learners read and write only their own rows; admins read all; anon nothing.
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
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from user_lesson_progress), 1, 'learner A reads only their own lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 1, 'learner A reads only their own word progress');
select is((select count(*)::int from review_log), 1, 'learner A reads only their own reviews');
select is((select count(*)::int from flashcard_sessions), 1, 'learner A reads only their own sessions');
select lives_ok($$insert into user_lesson_progress (lesson_id, audio_completed) values ('22222222-2222-2222-2222-222222222222', true)$$, 'learner A records their own lesson progress (user_id defaults to them)');
select lives_ok($$insert into user_lesson_progress (user_id, lesson_id, audio_completed, flashcard_passed, is_completed, flashcard_accuracy, completed_at) values (tests.user_id('learner-a@test.local'), '11111111-1111-1111-1111-111111111111', true, true, true, 95, now()) on conflict (user_id, lesson_id) do update set flashcard_accuracy = excluded.flashcard_accuracy$$, 'learner A upserts their progress on (user_id, lesson_id)');
select is((select flashcard_accuracy from user_lesson_progress where lesson_id = '11111111-1111-1111-1111-111111111111'), 95::float8, 'the upsert updated the existing row');
select throws_ok($$insert into user_lesson_progress (user_id, lesson_id) values (tests.user_id('learner-b@test.local'), '22222222-2222-2222-2222-222222222222')$$, '42501', null, 'learner A cannot write progress for learner B');
select is(tests.affected($$update user_lesson_progress set flashcard_accuracy = 0 where user_id = tests.user_id('learner-b@test.local')$$), 0, 'learner A cannot update learner B''s lesson progress');
select throws_ok($$update user_lesson_progress set user_id = tests.user_id('learner-b@test.local') where user_id = tests.user_id('learner-a@test.local')$$, '42501', null, 'learner A cannot hand their progress to learner B');
select lives_ok($$insert into user_vocabulary_progress (vocabulary_id, times_seen) values ('22222222-0000-0000-0000-000000000001', 1)$$, 'learner A records their own word progress');
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id) values (tests.user_id('learner-b@test.local'), '22222222-0000-0000-0000-000000000001')$$, '42501', null, 'learner A cannot write word progress for learner B');
select is(tests.affected($$update user_vocabulary_progress set times_seen = 99 where user_id = tests.user_id('learner-b@test.local')$$), 0, 'learner A cannot update learner B''s word progress');
select lives_ok($$insert into review_log (vocabulary_id, rating, state, due, stability, difficulty, was_correct) values ('11111111-0000-0000-0000-000000000001', 3, 0, now(), 0, 0, true)$$, 'learner A logs their own review');
select throws_ok($$insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct) values (tests.user_id('learner-b@test.local'), '11111111-0000-0000-0000-000000000001', 3, 0, now(), 0, 0, true)$$, '42501', null, 'learner A cannot log reviews for learner B');
select is(tests.affected($$update review_log set rating = 4$$), 0, 'the review log cannot be rewritten by learners');
select is(tests.affected($$delete from review_log$$), 0, 'the review log cannot be deleted by learners');
select lives_ok($$insert into flashcard_sessions (lesson_id, total_cards, correct_answers, accuracy, session_completed, completed_at) values (null, 20, 17, 85, true, now())$$, 'learner A saves a review session');
select throws_ok($$insert into flashcard_sessions (user_id, total_cards) values (tests.user_id('learner-b@test.local'), 1)$$, '42501', null, 'learner A cannot save sessions for learner B');
select is(tests.affected($$delete from user_lesson_progress$$), 0, 'learners cannot delete lesson progress');

-- learner B ------------------------------------------------------------------------------------
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from user_lesson_progress), 1, 'learner B reads only their own lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 1, 'learner B reads only their own word progress');
select is((select count(*)::int from review_log), 1, 'learner B reads only their own reviews');
select is((select count(*)::int from flashcard_sessions), 1, 'learner B reads only their own sessions');
select is(tests.affected($$update user_vocabulary_progress set times_seen = 5, times_correct = 1$$), 1, 'learner B updates their own word progress');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from user_lesson_progress), 3, 'admin reads all lesson progress');
select is((select count(*)::int from user_vocabulary_progress), 3, 'admin reads all word progress');
select is((select count(*)::int from review_log), 3, 'admin reads all reviews');
select is((select count(*)::int from flashcard_sessions), 3, 'admin reads all sessions');
select is(tests.affected($$update user_lesson_progress set flashcard_accuracy = 0$$), 0, 'admin cannot change learners'' progress');
select is(tests.affected($$delete from review_log$$), 0, 'admin cannot delete reviews');

-- constraints -------------------------------------------------------------------------------------
select tests.clear_authentication();
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id, state) values (tests.user_id('learner-b@test.local'), '22222222-0000-0000-0000-000000000001', 4)$$, '23514', null, 'FSRS state is 0..3');
select throws_ok($$insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct) values (tests.user_id('learner-b@test.local'), '11111111-0000-0000-0000-000000000001', 5, 0, now(), 0, 0, true)$$, '23514', null, 'ratings are 1..4');
select throws_ok($$insert into flashcard_sessions (user_id, total_cards, correct_answers) values (tests.user_id('learner-b@test.local'), 1, 2)$$, '23514', null, 'a session cannot have more correct answers than cards');
select throws_ok($$insert into user_vocabulary_progress (user_id, vocabulary_id) values (tests.user_id('learner-a@test.local'), '11111111-0000-0000-0000-000000000001')$$, '23505', null, 'one progress row per user and word');

select * from finish();
rollback;
