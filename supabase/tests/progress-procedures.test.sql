-- Progress written through the rules: complete_lesson_audio, save_flashcard_session and
-- record_answer ("Progress through the rules" in the baseline migration). Own fixture with
-- lessons 900–902; every other lesson is unpublished inside this transaction so the unlock
-- order is the fixture's whatever seed the database holds.
begin;
select plan(78);
select tests.share_tap();

update lessons set is_published = false where lesson_number is null or lesson_number < 900;
do $$
begin
  perform tests.create_user('rules-a@test.local', 'Anna');
  perform tests.create_user('rules-b@test.local', 'Bence');
end
$$;
insert into lessons (id, lesson_number, title, is_published) values
  ('00000900-0000-0000-0000-000000000000', 900, 'Lecke 900', true),
  ('00000901-0000-0000-0000-000000000000', 901, 'Lecke 901', true),
  ('00000902-0000-0000-0000-000000000000', 902, 'Lecke 902 (draft)', false);
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en) values
  ('00000900-0000-0000-0000-000000000001', '00000900-0000-0000-0000-000000000000', 'alma', 'apple'),
  ('00000900-0000-0000-0000-000000000002', '00000900-0000-0000-0000-000000000000', 'kör', 'circle'),
  ('00000900-0000-0000-0000-000000000003', '00000900-0000-0000-0000-000000000000', 'kór', 'disease'),
  ('00000902-0000-0000-0000-000000000001', '00000902-0000-0000-0000-000000000000', 'titok', 'secret');
insert into lesson_vocabulary (lesson_id, word_hu, word_en)
select '00000901-0000-0000-0000-000000000000', 'szó ' || n, 'word ' || n from generate_series(1, 11) n;

-- An answer one step on from the stored state, as record-word-result sends it (as the caller).
create function tests.answer(
  _email text, _word uuid, _correct boolean, _at timestamptz, _expected integer,
  _answer uuid default null, _session uuid default null, _reps integer default null,
  _rating integer default null, _state integer default 1
) returns table (times_seen integer, times_correct integer, reps integer, replayed boolean)
language sql
as $$
  select r.times_seen, r.times_correct, r.reps, r.replayed
  from public.record_answer(
    _user_id => tests.user_id(_email), _vocabulary_id => _word, _was_correct => _correct,
    _rating => coalesce(_rating, case when _correct then 3 else 1 end), _answered_at => _at,
    _due => _at + interval '10 minutes', _stability => 1.5, _difficulty => 5.2, _elapsed_days => 0,
    _scheduled_days => 0, _learning_steps => 1, _reps => coalesce(_reps, _expected + 1),
    _lapses => 0, _state => _state, _log_state => 0, _log_due => _at, _log_stability => 0,
    _log_difficulty => 0, _log_elapsed_days => 0, _log_last_elapsed_days => 0,
    _log_scheduled_days => 0, _log_learning_steps => 0, _duration_ms => 1800,
    _session_id => _session, _client_answer_id => _answer, _expected_reps => _expected
  ) r
$$;
grant execute on function tests.answer to anon, authenticated, service_role;

-- complete_lesson_audio --------------------------------------------------------------------------
select tests.authenticate_anon();
select throws_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000')$$, '42501', null, 'anon cannot complete lesson audio');
select tests.authenticate_as('rules-a@test.local');
select throws_ok($$select complete_lesson_audio('00000901-0000-0000-0000-000000000000')$$, '42501', null, 'a lesson whose previous lesson is not finished is locked');
select throws_ok($$select complete_lesson_audio('00000902-0000-0000-0000-000000000000')$$, 'PT404', null, 'an unpublished lesson is not found');
select throws_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000', now() - interval '8 days')$$, '22023', null, 'a step more than 7 days old is refused');
select throws_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000', now() + interval '1 hour')$$, '22023', null, 'a step in the future is refused');
select is((select count(*)::int from user_lesson_progress), 0, 'the refused calls wrote nothing');
select results_eq($$select audio_completed, is_completed, flashcard_passed from complete_lesson_audio('00000900-0000-0000-0000-000000000000', now() - interval '1 hour')$$,
  $$values (true, false, false)$$, 'the first lesson is open: its audio is recorded');
select is((select updated_at from user_lesson_progress), now() - interval '1 hour', 'the step keeps the time it happened (offline queue)');
select lives_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000')$$, 'completing the audio again succeeds');
select is((select updated_at from user_lesson_progress), now() - interval '1 hour', 'and changes nothing (idempotent)');
select lives_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000', now() - interval '30 days')$$, 'a replay of a done step is a no-op even when its time is out of the window');
select tests.authenticate_as('rules-b@test.local');
select is((select count(*)::int from user_lesson_progress), 0, 'learner B sees no progress of learner A');
select throws_ok($$select lesson_is_open(tests.user_id('rules-a@test.local'), '00000900-0000-0000-0000-000000000000')$$, '42501', null, 'learners cannot call the internal unlock check');
select throws_ok($$select progress_time(now())$$, '42501', null, 'learners cannot call the internal time check');

-- record_answer ------------------------------------------------------------------------------------
select tests.authenticate_as('rules-a@test.local');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now(), 0)$$, '42501', null, 'a learner cannot call record_answer (only the edge function may)');
select tests.authenticate_anon();
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now(), 0)$$, '42501', null, 'anon cannot call record_answer');
select tests.authenticate_service();
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000902-0000-0000-0000-000000000001', true, now(), 0)$$, 'PT404', null, 'words of unpublished lessons cannot be answered');
select throws_ok($$select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now(), 0)$$, '42501', null, 'words of a lesson whose audio the learner has not finished cannot be answered');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '8 days', 0)$$, '22023', null, 'an answer more than 7 days old is refused (no back-dated streaks)');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now() + interval '1 hour', 0)$$, '22023', null, 'an answer from the future is refused');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now(), 0, _reps => 100000)$$, '22023', null, 'counters move by one answer: reps cannot jump');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', false, now(), 0, _rating => 3)$$, '22023', null, 'a wrong answer cannot be rated Good');
select results_eq($$select times_seen, times_correct, reps, replayed from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', false, now() - interval '2 hours', 0, 'a0000000-0000-0000-0000-000000000001', 'c0000000-0000-0000-0000-000000000001')$$,
  $$values (1, 0, 1, false)$$, 'an answer is recorded one step on');
select results_eq($$select times_seen, times_correct, reps, replayed from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', false, now() - interval '2 hours', 0, 'a0000000-0000-0000-0000-000000000001', 'c0000000-0000-0000-0000-000000000001')$$,
  $$values (1, 0, 1, true)$$, 'the same client answer id again is a replay that returns the stored result');
select is((select count(*)::int from review_log where user_id = tests.user_id('rules-a@test.local')), 1, 'the replay logged nothing');
select is((select reviewed_at from review_log where client_answer_id = 'a0000000-0000-0000-0000-000000000001'), now() - interval '2 hours', 'the review keeps the time the answer was given');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000002', true, now(), 0, 'a0000000-0000-0000-0000-000000000001')$$, 'PT409', null, 'a client answer id cannot be reused for another word');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '3 hours', 1)$$, 'PT409', null, 'an answer older than the word''s last review is refused (answers in order)');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now(), 0)$$, '40001', null, 'a state computed from a stale read is refused');
select throws_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now(), 1, _state => 7)$$, '23514', null, 'an invalid state rolls back the whole answer');
select results_eq($$select times_seen, times_correct from user_vocabulary_progress where user_id = tests.user_id('rules-a@test.local')$$,
  $$values (1, 0)$$, 'the refused answers left the progress untouched');
select results_eq($$select times_seen, times_correct, reps, replayed from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '1 hour', 1, null, 'c0000000-0000-0000-0000-000000000001')$$,
  $$values (2, 1, 2, false)$$, 'the next answer counts once more');
select is((select count(*)::int from review_log where user_id = tests.user_id('rules-a@test.local')), 2, 'one review_log row per answer');

-- save_flashcard_session ----------------------------------------------------------------------------
-- Its figures come from the session's recorded answers (migration 20261127150000): the answers
-- go first, as record-word-result (the service role) writes them, each one step on.
select tests.authenticate_anon();
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 20, 20)$$, '42501', null, 'anon cannot save a session');
select tests.authenticate_as('rules-a@test.local');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 20, 20, '00000901-0000-0000-0000-000000000000')$$, '42501', null, 'a locked lesson cannot be passed');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 5, 5, '00000900-0000-0000-0000-000000000000')$$, '22023', null, 'a lesson session has at least two cards per word (3 words: 6)');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 21, 21)$$, '22023', null, 'a session has at most 20 cards');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 10, 11)$$, '22023', null, 'correct answers cannot exceed the cards');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 10, -1)$$, '22023', null, 'correct answers cannot be negative');
select throws_ok($$select save_flashcard_session(null, 10, 1)$$, '22023', null, 'a session needs its id');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 10, 10, null, now() - interval '8 days')$$, '22023', null, 'a session more than 7 days old is refused');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 6, 6, '00000900-0000-0000-0000-000000000000')$$, '22023', null, 'an empty lesson session (no recorded answer) is refused');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 3, 3)$$, '22023', null, 'an empty review session is refused');
select is((select count(*)::int from flashcard_sessions), 0, 'the empty sessions stored nothing (no streak day)');

-- A failed attempt (session b…1): three cards, one right.
select tests.authenticate_service();
select lives_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', false, now() - interval '55 minutes', 2, null, 'b0000000-0000-0000-0000-000000000001');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '54 minutes', 0, null, 'b0000000-0000-0000-0000-000000000001');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000003', false, now() - interval '53 minutes', 0, null, 'b0000000-0000-0000-0000-000000000001')$$, 'the failed attempt''s three answers are recorded');
select tests.authenticate_as('rules-a@test.local');
select results_eq($$select total_cards, correct_answers, accuracy, session_completed from save_flashcard_session('b0000000-0000-0000-0000-000000000001', 6, 4, '00000900-0000-0000-0000-000000000000')$$,
  $$values (3, 1, 33::float8, true)$$, 'a session is saved with the recorded figures (the client''s may only be larger)');
select results_eq($$select flashcard_passed, is_completed from user_lesson_progress$$, $$values (false, false)$$, 'a failed session does not complete the lesson');
select throws_ok($$select complete_lesson_audio('00000901-0000-0000-0000-000000000000')$$, '42501', null, 'the next lesson stays locked');

-- The pass (session c…1, which holds word 1 wrong then right): words 2 and 3 twice, right.
select tests.authenticate_service();
select lives_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '30 minutes', 1, null, 'c0000000-0000-0000-0000-000000000001');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '29 minutes', 2, null, 'c0000000-0000-0000-0000-000000000001');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000003', true, now() - interval '28 minutes', 1, null, 'c0000000-0000-0000-0000-000000000001');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000003', true, now() - interval '27 minutes', 2, null, 'c0000000-0000-0000-0000-000000000001')$$, 'the pass''s other answers are recorded');
select tests.authenticate_as('rules-a@test.local');
select throws_ok($$select save_flashcard_session('c0000000-0000-0000-0000-000000000001', 6, 6, '00000900-0000-0000-0000-000000000000')$$, '22023', null, 'results that contradict the answers recorded for the session are refused (one wrong answer logged)');
select results_eq($$select total_cards, correct_answers, accuracy from save_flashcard_session('c0000000-0000-0000-0000-000000000001', 6, 5, '00000900-0000-0000-0000-000000000000')$$,
  $$values (6, 5, 83::float8)$$, 'a pass (5 of 6 ≥ ceil(0.8 × 6)) of recorded answers is saved');
select results_eq($$select audio_completed, flashcard_passed, is_completed, flashcard_score, flashcard_accuracy from user_lesson_progress$$,
  $$values (true, true, true, 5, 83::float8)$$, 'the pass completed the lesson with score and accuracy from the answers');
select is((select completed_at from flashcard_sessions where id = 'c0000000-0000-0000-0000-000000000001'), now() - interval '17 minutes', 'a session saved later keeps the time of its last answer (at most 10 minutes after it)');
select is((select count(*)::int from user_vocabulary_progress p where not exists (select 1 from review_log r where r.user_id = p.user_id and r.vocabulary_id = p.vocabulary_id)), 0, 'completing the lesson queued nothing: only answered words have progress (due means answered; due-answered.test.sql)');
select results_eq($$select total_cards, correct_answers from save_flashcard_session('c0000000-0000-0000-0000-000000000001', 6, 5, '00000900-0000-0000-0000-000000000000')$$,
  $$values (6, 5)$$, 'saving the same session again returns it (idempotent)');
select is((select count(*)::int from flashcard_sessions), 2, 'and stores no second row');
select lives_ok($$select save_flashcard_session('c0000000-0000-0000-0000-000000000001', 6, 5, '00000900-0000-0000-0000-000000000000', now() - interval '30 days')$$, 'a replayed session is answered even when its time is out of the window');
select throws_ok($$select save_flashcard_session('c0000000-0000-0000-0000-000000000001', 6, 6, '00000900-0000-0000-0000-000000000000')$$, 'PT409', null, 'the same session id with other results is refused');
select lives_ok($$select complete_lesson_audio('00000901-0000-0000-0000-000000000000')$$, 'passing lesson 900 opened lesson 901');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 19, 19, '00000901-0000-0000-0000-000000000000')$$, '22023', null, 'a lesson of 11 words has sessions of 20 cards');

-- Lesson 901 (11 words): 20 cards, words 1–10 twice each, the first five wrong.
select tests.authenticate_service();
select lives_ok($t$do $do$
  declare _word record; _n integer := 0;
  begin
    for _word in select v.id from lesson_vocabulary v where v.lesson_id = '00000901-0000-0000-0000-000000000000' order by v.word_hu limit 10 loop
      for _k in 0..1 loop
        _n := _n + 1;
        perform * from tests.answer('rules-a@test.local', _word.id, _n > 5, now() - interval '20 minutes' + _n * interval '10 seconds', _k, null, 'b0000000-0000-0000-0000-000000000002');
      end loop;
    end loop;
  end $do$$t$, 'twenty answers of lesson 901 are recorded');
select tests.authenticate_as('rules-a@test.local');
select results_eq($$select total_cards, correct_answers from save_flashcard_session('b0000000-0000-0000-0000-000000000002', 20, 15, '00000901-0000-0000-0000-000000000000')$$,
  $$values (20, 15)$$, 'a failed session of lesson 901');
select is((select is_completed from user_lesson_progress where lesson_id = '00000901-0000-0000-0000-000000000000'), false, '15 of 20 is below the pass mark of 16');
select tests.authenticate_service();
select lives_ok($$select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '5 minutes', 3, null, 'b0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '4 minutes', 3, null, 'b0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-a@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '3 minutes', 4, null, 'b0000000-0000-0000-0000-000000000003')$$, 'a review session''s answers (one word twice) are recorded');
select tests.authenticate_as('rules-a@test.local');
select results_eq($$select lesson_id, total_cards, accuracy from save_flashcard_session('b0000000-0000-0000-0000-000000000003', 3, 3)$$,
  $$values (null::uuid, 2, 100::float8)$$, 'a review session (no lesson) is saved, each word counted once');

select tests.authenticate_as('rules-b@test.local');
select throws_ok($$select save_flashcard_session('c0000000-0000-0000-0000-000000000001', 6, 5)$$, '42501', null, 'learner B cannot claim learner A''s session id');
select throws_ok($$select save_flashcard_session(gen_random_uuid(), 6, 6, '00000900-0000-0000-0000-000000000000')$$, '42501', null, 'learner B cannot pass a lesson before its audio');
select is((select count(*)::int from flashcard_sessions), 0, 'learner B has no sessions');
select lives_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000')$$, 'learner B completes the audio of lesson 900');
select throws_ok($$select save_flashcard_session('d0000000-0000-0000-0000-000000000001', 20, 20, '00000900-0000-0000-0000-000000000000')$$, '22023', null, 'an invented pass without answers is refused');
select tests.authenticate_service();
select lives_ok($$select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '9 minutes', 0, null, 'd0000000-0000-0000-0000-000000000002');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '8 minutes', 1, null, 'd0000000-0000-0000-0000-000000000002');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '7 minutes', 2, null, 'd0000000-0000-0000-0000-000000000002');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '6 minutes', 3, null, 'd0000000-0000-0000-0000-000000000002');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '5 minutes', 4, null, 'd0000000-0000-0000-0000-000000000002');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '4 minutes', 5, null, 'd0000000-0000-0000-0000-000000000002')$$, 'learner B answers one word six times');
select tests.authenticate_as('rules-b@test.local');
select results_eq($$select total_cards, correct_answers from save_flashcard_session('d0000000-0000-0000-0000-000000000002', 6, 6, '00000900-0000-0000-0000-000000000000')$$,
  $$values (2, 2)$$, 'one word counts as at most its two cards');
select is((select is_completed from user_lesson_progress where lesson_id = '00000900-0000-0000-0000-000000000000'), false, 'and one word answered six times passes nothing');
select tests.authenticate_service();
select lives_ok($$select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '3 minutes', 6, null, 'd0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000001', true, now() - interval '170 seconds', 7, null, 'd0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '160 seconds', 0, null, 'd0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000002', true, now() - interval '150 seconds', 1, null, 'd0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000003', true, now() - interval '140 seconds', 0, null, 'd0000000-0000-0000-0000-000000000003');
  select * from tests.answer('rules-b@test.local', '00000900-0000-0000-0000-000000000003', true, now() - interval '130 seconds', 1, null, 'd0000000-0000-0000-0000-000000000003')$$, 'learner B answers every card of lesson 900');
select tests.authenticate_as('rules-b@test.local');
select lives_ok($$select save_flashcard_session('d0000000-0000-0000-0000-000000000003', 20, 16, '00000900-0000-0000-0000-000000000000')$$, 'and passes it (the client''s 20 cards had review cards whose answers were lost)');

-- the tables stay closed ------------------------------------------------------------------------------
select throws_ok($$update user_lesson_progress set flashcard_score = 999999$$, '42501', null, 'the procedures did not open the tables to direct writes');
select tests.clear_authentication();
select results_eq($$select u.email::text, p.is_completed, p.flashcard_score from user_lesson_progress p join auth.users u on u.id = p.user_id where p.lesson_id = '00000900-0000-0000-0000-000000000000' order by u.email$$,
  $$values ('rules-a@test.local'::text, true, 5), ('rules-b@test.local'::text, true, 6)$$, 'each learner''s progress is their own');
select is((select count(*)::int from review_log where user_id = tests.user_id('rules-b@test.local')), 12, 'saving sessions writes no reviews (learner B gave 12 answers)');

select * from finish();
rollback;
