-- lessons, lesson_transcript, lesson_vocabulary: anyone reads published content; only admins
-- read drafts and write anything. Counts are of the test's lessons (numbers from 900: the
-- seed's published lessons are there too).
begin;
select plan(48);
select tests.share_tap();
select tests.seed_fixture();

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from lessons where lesson_number >= 900), 1, 'anon reads only published lessons');
select is((select count(*)::int from lesson_transcript where tests.is_test_lesson(lesson_id)), 1, 'anon reads only the transcript of published lessons');
select is((select count(*)::int from lesson_vocabulary where tests.is_test_lesson(lesson_id)), 1, 'anon reads only the vocabulary of published lessons');
select throws_ok($$insert into lessons (title) values ('Új')$$, '42501', null, 'anon cannot create lessons');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 9, 'anna', 'x')$$, '42501', null, 'anon cannot add transcript lines');
select throws_ok($$insert into lesson_vocabulary (lesson_id, word_hu, word_en) values ('11111111-1111-1111-1111-111111111111', 'x', 'x')$$, '42501', null, 'anon cannot add words');
select is(tests.affected($$update lessons set title = 'Hacked'$$), 0, 'anon cannot update lessons');
select is(tests.affected($$update lesson_transcript set text_content = 'Hacked'$$), 0, 'anon cannot update transcript lines');
select is(tests.affected($$update lesson_vocabulary set word_en = 'Hacked'$$), 0, 'anon cannot update words');
select is(tests.affected($$delete from lessons$$), 0, 'anon cannot delete lessons');
select is(tests.affected($$delete from lesson_transcript$$), 0, 'anon cannot delete transcript lines');
select is(tests.affected($$delete from lesson_vocabulary$$), 0, 'anon cannot delete words');

-- learner A and learner B ----------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from lessons where lesson_number >= 900), 1, 'learner A reads only published lessons');
select is((select count(*)::int from lesson_transcript where tests.is_test_lesson(lesson_id)), 1, 'learner A reads only published transcripts');
select is((select count(*)::int from lesson_vocabulary where tests.is_test_lesson(lesson_id)), 1, 'learner A reads only published vocabulary');
select throws_ok($$insert into lessons (title) values ('Új')$$, '42501', null, 'learner A cannot create lessons');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 9, 'anna', 'x')$$, '42501', null, 'learner A cannot add transcript lines');
select throws_ok($$insert into lesson_vocabulary (lesson_id, word_hu, word_en) values ('11111111-1111-1111-1111-111111111111', 'x', 'x')$$, '42501', null, 'learner A cannot add words');
select is(tests.affected($$update lessons set title = 'Hacked'$$), 0, 'learner A cannot update lessons');
select is(tests.affected($$update lesson_transcript set text_content = 'Hacked'$$), 0, 'learner A cannot update transcript lines');
select is(tests.affected($$update lesson_vocabulary set word_en = 'Hacked'$$), 0, 'learner A cannot update words');
select is(tests.affected($$delete from lessons$$), 0, 'learner A cannot delete lessons');
select is(tests.affected($$delete from lesson_transcript$$), 0, 'learner A cannot delete transcript lines');
select is(tests.affected($$delete from lesson_vocabulary$$), 0, 'learner A cannot delete words');

select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from lessons where lesson_number >= 900), 1, 'learner B reads only published lessons');
select is((select count(*)::int from lesson_vocabulary where lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'learner B cannot read draft vocabulary');
select is(tests.affected($$update lessons set is_published = true where id = '22222222-2222-2222-2222-222222222222'$$), 0, 'learner B cannot publish a draft');
select is(tests.affected($$delete from lessons where id = '11111111-1111-1111-1111-111111111111'$$), 0, 'learner B cannot delete a published lesson');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from lessons where lesson_number >= 900), 2, 'admin reads drafts and published lessons');
select is((select count(*)::int from lesson_transcript where tests.is_test_lesson(lesson_id)), 2, 'admin reads every transcript');
select is((select count(*)::int from lesson_vocabulary where tests.is_test_lesson(lesson_id)), 2, 'admin reads every word');
select lives_ok($$insert into lessons (id, lesson_number, title, level) values ('33333333-3333-3333-3333-333333333333', 903, 'Harmadik lecke', 'intermediate')$$, 'admin creates a lesson');
select is((select created_by from lessons where id = '33333333-3333-3333-3333-333333333333'), tests.user_id('admin@test.local'), 'created_by defaults to the admin');
select lives_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('33333333-3333-3333-3333-333333333333', 1, 'narrator', 'Hallgasd!')$$, 'admin adds transcript lines');
select lives_ok($$insert into lesson_vocabulary (lesson_id, word_hu, word_en, difficulty) values ('33333333-3333-3333-3333-333333333333', 'kör', 'circle', 'advanced')$$, 'admin adds words');
select is(tests.affected($$update lessons set is_published = true where id = '22222222-2222-2222-2222-222222222222'$$), 1, 'admin publishes a draft');
select is(tests.affected($$update lesson_transcript set text_content = 'Jó estét!' where lesson_id = '22222222-2222-2222-2222-222222222222'$$), 1, 'admin edits transcript lines');
select is(tests.affected($$update lesson_vocabulary set difficulty = 'intermediate' where lesson_id = '22222222-2222-2222-2222-222222222222'$$), 1, 'admin edits words');
select is(tests.affected($$delete from lesson_transcript where lesson_id = '33333333-3333-3333-3333-333333333333'$$), 1, 'admin deletes transcript lines');
select is(tests.affected($$delete from lesson_vocabulary where lesson_id = '33333333-3333-3333-3333-333333333333'$$), 1, 'admin deletes words');
select is(tests.affected($$delete from lessons where id = '33333333-3333-3333-3333-333333333333'$$), 1, 'admin deletes lessons');
select throws_ok($$insert into lessons (lesson_number, title) values (901, 'Duplicate')$$, '23505', null, 'lesson numbers are unique');
select lives_ok($$insert into lessons (title) values ('No number one'), ('No number two')$$, 'several lessons may have no number');

-- publishing a draft makes it visible to learners; deleting a lesson cascades --------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from lessons where lesson_number >= 900), 2, 'learner A sees the newly published lesson');
select is((select count(*)::int from lesson_transcript where lesson_id = '22222222-2222-2222-2222-222222222222'), 1, 'learner A sees its transcript');
select tests.authenticate_as('admin@test.local');
select is(tests.affected($$delete from lessons where id = '22222222-2222-2222-2222-222222222222'$$), 1, 'admin deletes a lesson with content');
select tests.clear_authentication();
select is((select count(*)::int from lesson_vocabulary where lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'its words are deleted with it');
select is((select count(*)::int from lesson_transcript where lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'its transcript is deleted with it');

select * from finish();
rollback;
