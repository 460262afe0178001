-- Answers of every skill through record_review, and what practice reads (get_practice_items,
-- get_due_items, get_skill_summary, get_due_forecast, fsrs_fit_candidates). Own fixture with
-- lessons 900–901; every other lesson is unpublished inside this transaction.
begin;
select plan(60);
select tests.share_tap();

update lessons set is_published = false where lesson_number is null or lesson_number < 900;
do $$
begin
  perform tests.create_user('skills-a@test.local', 'Anna');
  perform tests.create_user('skills-b@test.local', 'Bence');
end
$$;
insert into lessons (id, lesson_number, title, is_published, audio_url) values
  ('00000900-0000-0000-0000-000000000000', 900, 'Lecke 900', true, 'lessons/900.mp3'),
  ('00000901-0000-0000-0000-000000000000', 901, 'Lecke 901', true, 'lessons/901.mp3');
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en, audio_file_path) values
  ('00000900-0000-0000-0000-000000000001', '00000900-0000-0000-0000-000000000000', 'jó', 'good', 'words/jo.mp3'),
  ('00000900-0000-0000-0000-000000000002', '00000900-0000-0000-0000-000000000000', 'öt', 'five', null),
  ('00000900-0000-0000-0000-000000000003', '00000900-0000-0000-0000-000000000000', 'kérek', 'I would like', null);
insert into lesson_transcript (id, lesson_id, line_number, speaker, text_content, start_time, end_time, translation_en) values
  ('00000900-0000-0000-0000-0000000000a1', '00000900-0000-0000-0000-000000000000', 1, 'anna', 'Jó napot!', 0.5, 1.8, 'Good day!'),
  ('00000900-0000-0000-0000-0000000000a2', '00000900-0000-0000-0000-000000000000', 2, 'bence', 'Öt kávét kérek.', 2.0, 4.1, null),
  ('00000900-0000-0000-0000-0000000000a3', '00000900-0000-0000-0000-000000000000', 3, 'narrator', 'Nincs ideje.', null, null, 'No time.'),
  ('00000901-0000-0000-0000-0000000000a1', '00000901-0000-0000-0000-000000000000', 1, 'anna', 'Szia!', 0.2, 0.9, 'Hi!');
insert into glossary_entries (id, lemma, meaning_en) values
  ('00000999-0000-0000-0000-000000000001', 'kutya', 'dog');

-- One answer one step on from the stored state, as record-word-result sends it.
create function tests.review(
  _email text, _skill public.skill, _item uuid, _correct boolean, _expected integer,
  _rating integer default null, _at timestamptz default now(), _answer uuid default null,
  _kind text default 'word', _session uuid default null
) returns table (item_id uuid, skill public.skill, times_seen integer, times_correct integer, reps integer, rating smallint, replayed boolean)
language sql
as $$
  select r.item_id, r.skill, r.times_seen, r.times_correct, r.reps, r.rating, r.replayed
  from public.record_review(
    _user_id => tests.user_id(_email), _skill => _skill, _was_correct => _correct,
    _rating => coalesce(_rating, case when _correct then 3 else 1 end), _answered_at => _at,
    _due => _at + interval '10 minutes', _stability => 1.5, _difficulty => 5.2, _elapsed_days => 0,
    _scheduled_days => 0, _learning_steps => 1, _reps => _expected + 1, _lapses => 0,
    _state => 1, _log_state => case when _expected = 0 then 0 else 1 end, _log_due => _at,
    _log_stability => 0, _log_difficulty => 0, _log_elapsed_days => 0,
    _log_last_elapsed_days => 0, _log_scheduled_days => 0, _log_learning_steps => 0,
    _vocabulary_id => case when _kind = 'word' then _item end,
    _line_id => case when _kind = 'line' then _item end,
    _glossary_id => case when _kind = 'glossary' then _item end,
    _client_answer_id => _answer, _session_id => _session, _expected_reps => _expected
  ) r
$$;
grant execute on function tests.review to anon, authenticated, service_role;

-- Who may record --------------------------------------------------------------------------------------
select tests.authenticate_as('skills-a@test.local');
select lives_ok($$select complete_lesson_audio('00000900-0000-0000-0000-000000000000')$$, 'learner A finishes the audio of lesson 900');
select throws_ok($$select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', true, 0)$$, '42501', null, 'a learner cannot call record_review (only the edge function may)');
select tests.authenticate_anon();
select throws_ok($$select * from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-000000000001', true, 0)$$, '42501', null, 'anon cannot call record_review');
select throws_ok($$select * from get_due_items()$$, '42501', null, 'anon has no due items');
select throws_ok($$select * from get_practice_items()$$, '42501', null, 'anon has no practice items');
select throws_ok($$select * from get_skill_summary()$$, '42501', null, 'anon has no skill summary');
select throws_ok($$select * from get_due_forecast()$$, '42501', null, 'anon has no forecast');

-- Words ------------------------------------------------------------------------------------------------
select tests.authenticate_service();
select throws_ok($$select * from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-000000000001', true, 0)$$, '42501', null, 'recall is closed before the word was recognised');
select throws_ok($$select * from tests.review('skills-a@test.local', 'listening', '00000900-0000-0000-0000-000000000001', true, 0)$$, '42501', null, 'listening is closed before the word was recognised');
select throws_ok($$select * from tests.review('skills-a@test.local', 'dictation', '00000900-0000-0000-0000-000000000001', true, 0)$$, '22023', null, 'a word cannot be answered in a line skill (a forged skill)');
select throws_ok($$select * from tests.review('skills-b@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', true, 0)$$, '42501', null, 'learner B cannot answer a word of a lesson whose audio they have not heard');
select throws_ok($$select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', true, 0, _rating => 4)$$, '22023', null, 'a recognition card is never Easy');
select results_eq($$select times_seen, times_correct, reps, replayed from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', false, 0, _at => now() - interval '3 hours')$$,
  $$values (1, 0, 1, false)$$, 'a wrong recognition is recorded');
select is((select count(*)::int from user_vocabulary_progress where user_id = tests.user_id('skills-a@test.local') and vocabulary_id = '00000900-0000-0000-0000-000000000001'), 1, 'a wrong recognition opens nothing');
select results_eq($$select times_seen, times_correct, reps from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', true, 1, _at => now() - interval '2 hours')$$,
  $$values (2, 1, 2)$$, 'a right recognition is recorded');
select results_eq($$select skill::text, reps, due from user_vocabulary_progress where user_id = tests.user_id('skills-a@test.local') and vocabulary_id = '00000900-0000-0000-0000-000000000001' and skill <> 'recognition' order by skill$$,
  $$values ('listening', 0, now() - interval '2 hours'), ('recall', 0, now() - interval '2 hours')$$, 'the first right recognition opened recall and listening, new, due at once');
select lives_ok($$select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000002', true, 0, _at => now() - interval '2 hours')$$, 'a word without a recording is recognised');
select results_eq($$select skill::text from user_vocabulary_progress where user_id = tests.user_id('skills-a@test.local') and vocabulary_id = '00000900-0000-0000-0000-000000000002' order by skill$$,
  $$values ('recall'), ('recognition')$$, 'a word without a recording opens recall only');
select throws_ok($$select * from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-000000000001', false, 0, _rating => 2)$$, '22023', null, 'a wrong typed answer is Again, never Hard');
select results_eq($$select skill::text, times_seen, times_correct, rating from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-000000000001', true, 0, _rating => 4, _answer => 'a0000000-0000-0000-0000-000000000001')$$,
  $$values ('recall', 1, 1, 4::smallint)$$, 'a right recall the learner called easy is Easy, in its own skill');
select results_eq($$select skill::text, reps, replayed from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-000000000001', true, 0, _rating => 4, _answer => 'a0000000-0000-0000-0000-000000000001')$$,
  $$values ('recall', 1, true)$$, 'the same client answer id is a replay');
select throws_ok($$select * from tests.review('skills-a@test.local', 'listening', '00000900-0000-0000-0000-000000000001', true, 0, _answer => 'a0000000-0000-0000-0000-000000000001')$$, 'PT409', null, 'a client answer id cannot be reused for another skill');
select results_eq($$select reps from user_vocabulary_progress where user_id = tests.user_id('skills-a@test.local') and vocabulary_id = '00000900-0000-0000-0000-000000000001' order by skill$$,
  $$values (2), (1), (0)$$, 'each skill keeps its own state (recognition 2, recall 1, listening 0)');
select results_eq($$select skill::text, count(*)::int from review_log where user_id = tests.user_id('skills-a@test.local') group by skill order by skill$$,
  $$values ('recall', 1), ('recognition', 3)$$, 'every answer is one review_log row tagged with its skill');
select throws_ok($$select * from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-000000000001', true, 0)$$, '40001', null, 'a recall state computed from a stale read is refused');

-- Lines ------------------------------------------------------------------------------------------------
select throws_ok($$select * from tests.review('skills-a@test.local', 'dictation', '00000900-0000-0000-0000-0000000000a1', true, 0, _kind => 'line')$$, '42501', null, 'lines are closed before the lesson''s flashcards are passed');
select throws_ok($$select * from tests.review('skills-a@test.local', 'recall', '00000900-0000-0000-0000-0000000000a1', true, 0, _kind => 'line')$$, '22023', null, 'a line cannot be answered in a word skill');
select tests.authenticate_as('skills-a@test.local');
select tests.authenticate_service();
-- The lesson's session: each of its three words asked twice, answered right (recorded first).
select lives_ok($$select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', true, 2, _session => 'd0000000-0000-0000-0000-000000000001');
  select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000001', true, 3, _session => 'd0000000-0000-0000-0000-000000000001');
  select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000002', true, 1, _session => 'd0000000-0000-0000-0000-000000000001');
  select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000002', true, 2, _session => 'd0000000-0000-0000-0000-000000000001');
  select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000003', true, 0, _session => 'd0000000-0000-0000-0000-000000000001');
  select * from tests.review('skills-a@test.local', 'recognition', '00000900-0000-0000-0000-000000000003', true, 1, _session => 'd0000000-0000-0000-0000-000000000001')$$, 'the session''s six answers are recorded');
select tests.authenticate_as('skills-a@test.local');
select lives_ok($$select save_flashcard_session('d0000000-0000-0000-0000-000000000001', 6, 6, '00000900-0000-0000-0000-000000000000')$$, 'learner A passes the flashcards of lesson 900');
select tests.clear_authentication();
select is((select count(*)::int from user_line_progress where user_id = tests.user_id('skills-a@test.local')), 6, 'passing the flashcards opened the lesson''s three lines in two skills');
select tests.authenticate_service();
select throws_ok($$select * from tests.review('skills-a@test.local', 'speaking', '00000900-0000-0000-0000-0000000000a1', true, 0, _rating => 1, _kind => 'line')$$, '22023', null, 'a self-grade of Again is not a right answer');
select results_eq($$select skill::text, times_seen, times_correct, rating from tests.review('skills-a@test.local', 'speaking', '00000900-0000-0000-0000-0000000000a1', false, 0, _rating => 1, _kind => 'line')$$,
  $$values ('speaking', 1, 0, 1::smallint)$$, 'Say it keeps the learner''s own Again');
select results_eq($$select skill::text, times_correct, rating from tests.review('skills-a@test.local', 'dictation', '00000900-0000-0000-0000-0000000000a1', true, 0, _rating => 2, _kind => 'line')$$,
  $$values ('dictation', 1, 2::smallint)$$, 'a right but slow dictation is Hard');
select throws_ok($$select * from tests.review('skills-a@test.local', 'dictation', '00000901-0000-0000-0000-0000000000a1', true, 0, _kind => 'line')$$, '42501', null, 'a line of a lesson not passed (lesson 901) is closed');
select throws_ok($$select * from tests.review('skills-a@test.local', 'dictation', gen_random_uuid(), true, 0, _kind => 'line')$$, 'PT404', null, 'an unknown line is not found');
select is((select count(*)::int from review_log where user_id = tests.user_id('skills-a@test.local') and line_id is not null), 2, 'two line answers were logged');
select throws_ok($$select * from record_review(_user_id => tests.user_id('skills-a@test.local'), _skill => 'recall', _was_correct => true, _rating => 3, _answered_at => now(), _due => now() + interval '1 day', _stability => 1, _difficulty => 5, _elapsed_days => 0, _scheduled_days => 1, _learning_steps => 0, _reps => 2, _lapses => 0, _state => 2, _log_state => 1, _log_due => now(), _log_stability => 1, _log_difficulty => 5, _log_elapsed_days => 0, _log_last_elapsed_days => 0, _log_scheduled_days => 0, _log_learning_steps => 0, _vocabulary_id => '00000900-0000-0000-0000-000000000001', _line_id => '00000900-0000-0000-0000-0000000000a1')$$,
  '22023', null, 'an answer names one item');

-- Glossary words ----------------------------------------------------------------------------------------
select throws_ok($$select * from tests.review('skills-a@test.local', 'recognition', '00000999-0000-0000-0000-000000000001', true, 0, _kind => 'glossary')$$, '42501', null, 'a glossary word the learner did not keep cannot be answered');
select tests.clear_authentication();
insert into user_vocabulary_progress (user_id, glossary_id) values (tests.user_id('skills-a@test.local'), '00000999-0000-0000-0000-000000000001');
select tests.authenticate_service();
select throws_ok($$select * from tests.review('skills-a@test.local', 'listening', '00000999-0000-0000-0000-000000000001', true, 0, _kind => 'glossary')$$, '42501', null, 'a kept glossary word''s listening opens after recognition too');
select results_eq($$select skill::text, times_correct from tests.review('skills-a@test.local', 'recognition', '00000999-0000-0000-0000-000000000001', true, 0, _kind => 'glossary')$$,
  $$values ('recognition', 1)$$, 'a kept glossary word is recognised');
select results_eq($$select skill::text from user_vocabulary_progress where glossary_id = '00000999-0000-0000-0000-000000000001' order by skill$$,
  $$values ('recall'), ('recognition')$$, 'and its recall opened (no recording: no listening)');

-- What practice reads ----------------------------------------------------------------------------------
select tests.authenticate_as('skills-a@test.local');
select results_eq($$select kind, skill::text, item_id::text from get_practice_items('00000900-0000-0000-0000-000000000000') where kind = 'line' order by skill, line_number$$,
  $$values ('line', 'dictation', '00000900-0000-0000-0000-0000000000a1'), ('line', 'dictation', '00000900-0000-0000-0000-0000000000a2'), ('line', 'speaking', '00000900-0000-0000-0000-0000000000a1')$$,
  'a lesson''s practice lines: timed lines only, Say it only with a translation');
select is((select count(*)::int from get_practice_items('00000900-0000-0000-0000-000000000000') where kind = 'word'), 7, 'and its words in every open skill (3 recognition, 3 recall, 1 listening)');
select results_eq($$select text_content, start_time, end_time, audio_url from get_practice_items('00000900-0000-0000-0000-000000000000') where skill = 'speaking'$$,
  $$values ('Jó napot!'::text, 0.5::float8, 1.8::float8, 'lessons/900.mp3'::text)$$, 'a line item carries its text, times and the lesson''s recording');
select is((select count(*)::int from get_practice_items() where lesson_id is null), 2, 'kept glossary words are practice items too');
select tests.clear_authentication();
update user_vocabulary_progress set due = now() - interval '1 hour' where user_id = tests.user_id('skills-a@test.local') and reps > 0;
update user_line_progress set due = now() - interval '30 minutes' where user_id = tests.user_id('skills-a@test.local') and reps > 0;
update profiles set new_items_per_day = 4 where user_id = tests.user_id('skills-a@test.local');
select tests.authenticate_as('skills-a@test.local');
select is((select count(*)::int from get_due_items() where not is_new), 7, 'every due item of every skill, answered before and due (3 recognition, 1 recall, 2 lines, 1 glossary word)');
select is((select count(*)::int from review_log where user_id = tests.user_id('skills-a@test.local') and state = 0), 7, 'seven items were answered for the first time today');
select is((select count(*)::int from get_due_items() where is_new), 0, 'with 7 first answers today a limit of 4 leaves no new items');
select is((select count(*)::int from get_due_items(_new_limit => 3) where is_new), 3, 'an explicit limit of new items is kept');
select ok((select bool_and(due <= now()) from get_due_items() where not is_new), 'due items are due');
select is((select count(*)::int from get_due_items(_limit => 2) where not is_new), 2, 'at most _limit due items');
select throws_ok($$select * from get_due_items(_limit => 500)$$, '22023', null, 'at most 200 due items a call');
select results_eq($$select skill::text, items, known from get_skill_summary() order by skill$$,
  $$values ('dictation', 2, 0), ('listening', 1, 0), ('recall', 4, 0), ('recognition', 4, 0), ('speaking', 1, 0)$$,
  'the summary counts items per skill; none known while all are due');
select is((select due from get_due_forecast() order by day limit 1), 7, 'today''s forecast holds everything overdue');
select is((select count(*)::int from get_due_forecast()), 7, 'the forecast covers 7 days');
select tests.clear_authentication();
update user_vocabulary_progress set due = now() + interval '1 day' where user_id = tests.user_id('skills-a@test.local') and vocabulary_id = '00000900-0000-0000-0000-000000000001' and skill = 'recognition';
select tests.authenticate_as('skills-a@test.local');
select results_eq($$select known, due_today from get_skill_summary() where skill = 'recognition'$$, $$values (1, 3)$$, 'a word answered right and not yet due is known and no longer due today (the other two words and the glossary word are)');
select is((select array_agg(due order by day) from get_due_forecast()), array[6, 1, 0, 0, 0, 0, 0], 'it falls due tomorrow in the forecast');

select tests.authenticate_as('skills-b@test.local');
select is((select count(*)::int from get_practice_items()), 0, 'learner B sees none of learner A''s items');
select throws_ok($$select * from fsrs_fit_candidates()$$, '42501', null, 'learners cannot list whom the optimiser fits');
select tests.authenticate_service();
select is((select count(*)::int from fsrs_fit_candidates(_min_reviews => 5, _min_new => 1) where user_id = tests.user_id('skills-a@test.local')), 1, 'the service role lists a learner with enough reviews to fit');

select * from finish();
rollback;
