-- Due means answered before (issue 29 point 4, DESIGN.md §12.1): completing a lesson, or adding a
-- word to a completed lesson, queues nothing; a word's progress row is made by its first answer,
-- so get_due_words only ever serves words the learner has answered. Own fixture with lesson 900;
-- runs on a seeded database.
begin;
select plan(9);
select tests.share_tap();

do $$
begin
  perform tests.create_user('due-a@test.local', 'Anna');
  perform tests.create_user('due-b@test.local', 'Bence');
end
$$;
insert into lessons (id, lesson_number, title, is_published) values
  ('00000900-0000-0000-0000-000000000000', 900, 'Lecke 900', true);
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en) values
  ('00000900-0000-0000-0000-000000000001', '00000900-0000-0000-0000-000000000000', 'alma', 'apple'),
  ('00000900-0000-0000-0000-000000000002', '00000900-0000-0000-0000-000000000000', 'körte', 'pear');

select hasnt_trigger('public', 'user_lesson_progress', 'user_lesson_progress_queue_words',
  'completing a lesson no longer queues its words');
select hasnt_trigger('public', 'lesson_vocabulary', 'lesson_vocabulary_queue_word',
  'a word added to a completed lesson is not queued');

-- A listened to lesson 900 and answered alma only (as record-word-result does); B listened and
-- answered nothing. Both then completed the lesson.
insert into user_lesson_progress (user_id, lesson_id, audio_completed)
values (tests.user_id('due-a@test.local'), '00000900-0000-0000-0000-000000000000', true),
       (tests.user_id('due-b@test.local'), '00000900-0000-0000-0000-000000000000', true);
select tests.authenticate_service();
select is((select times_seen from public.record_answer(
    _user_id => tests.user_id('due-a@test.local'),
    _vocabulary_id => '00000900-0000-0000-0000-000000000001', _was_correct => true, _rating => 3,
    _answered_at => now() - interval '2 hours', _due => now() - interval '1 hour',
    _stability => 1.5, _difficulty => 5.2, _elapsed_days => 0, _scheduled_days => 0,
    _learning_steps => 1, _reps => 1, _lapses => 0, _state => 1, _log_state => 0,
    _log_due => now() - interval '2 hours', _log_stability => 0, _log_difficulty => 0,
    _log_elapsed_days => 0, _log_last_elapsed_days => 0, _log_scheduled_days => 0,
    _log_learning_steps => 0, _expected_reps => 0)), 1, 'the first answer makes the word''s progress row');
select tests.clear_authentication();
update user_lesson_progress set is_completed = true, flashcard_passed = true, completed_at = now() - interval '90 minutes'
where lesson_id = '00000900-0000-0000-0000-000000000000';
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en) values
  ('00000900-0000-0000-0000-000000000003', '00000900-0000-0000-0000-000000000000', 'szilva', 'plum');

select results_eq($$select vocabulary_id, times_seen from user_vocabulary_progress where skill = 'recognition' and user_id in (tests.user_id('due-a@test.local'), tests.user_id('due-b@test.local'))$$,
  $$values ('00000900-0000-0000-0000-000000000001'::uuid, 1)$$, 'only the answered word has a recognition row: completing and adding queued nothing');
-- (Its right answer opened its recall and listening, unanswered: issue 30. Those are the only other rows.)

select tests.authenticate_as('due-a@test.local');
select results_eq($$select vocabulary_id from get_due_words(20, true)$$,
  $$values ('00000900-0000-0000-0000-000000000001'::uuid)$$, 'learner A''s due words: the answered word, at the time its answer gave it');
select is((select count(*)::int from get_due_words(200, true, null, now() + interval '10 years')), 1,
  'the words never answered (körte, and szilva added later) never come due');
select is(get_user_reviewed_words_count(tests.user_id('due-a@test.local')), 1, 'the reviewed-word count is the answered word');

select tests.authenticate_as('due-b@test.local');
select is((select count(*)::int from get_due_words(200, true, null, now() + interval '10 years')), 0,
  'learner B answered nothing: nothing is due');
select is(get_user_reviewed_words_count(tests.user_id('due-b@test.local')), 0, 'and nothing is counted as reviewed');

select * from finish();
rollback;
