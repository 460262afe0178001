-- lesson_characters, lesson_notes, lesson_transcript.character_key and the natural-tempo columns
-- (issue 32; DESIGN.md §12.4): anyone reads the characters and notes of published lessons, only
-- admins read drafts' and write anything; a character belongs to the line's own lesson; a new
-- recording withdraws the slow and the natural renderings unless the same update sets them.
begin;
select plan(38);
select tests.share_tap();
select tests.seed_fixture();

-- Fixture: one character and one note on the published lesson 901 and on the draft 902.
insert into public.lesson_characters (lesson_id, key, name_en, name_de, name_es, sex, voice)
values ('11111111-1111-1111-1111-111111111111', 'waitress', 'Waitress', 'Kellnerin', 'Camarera', 'female', 'f2'),
       ('22222222-2222-2222-2222-222222222222', 'mother', 'Mother', 'Mutter', 'Madre', 'female', 'aunty');
insert into public.lesson_notes (lesson_id, position, title_en, body_en, line_numbers)
values ('11111111-1111-1111-1111-111111111111', 1, 'Szia', 'Hello and goodbye among friends.', '{1}'),
       ('22222222-2222-2222-2222-222222222222', 1, 'Reggel', 'Morning.', '{1}');
update public.lesson_transcript set character_key = 'waitress'
where lesson_id = '11111111-1111-1111-1111-111111111111';

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from lesson_characters where tests.is_test_lesson(lesson_id)), 1, 'anon reads only the characters of published lessons');
select is((select count(*)::int from lesson_notes where tests.is_test_lesson(lesson_id)), 1, 'anon reads only the notes of published lessons');
select is((select character_key from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'), 'waitress', 'anon reads which character speaks a line');
select throws_ok($$insert into lesson_characters (lesson_id, key, name_en, sex, voice) values ('11111111-1111-1111-1111-111111111111', 'x', 'X', 'male', 'm3')$$, '42501', null, 'anon cannot add characters');
select throws_ok($$insert into lesson_notes (lesson_id, position, title_en, body_en, line_numbers) values ('11111111-1111-1111-1111-111111111111', 2, 'x', 'x', '{1}')$$, '42501', null, 'anon cannot add notes');
select is(tests.affected($$update lesson_characters set voice = 'hacked'$$), 0, 'anon cannot edit characters');
select is(tests.affected($$update lesson_notes set body_en = 'Hacked'$$), 0, 'anon cannot edit notes');
select is(tests.affected($$update lesson_transcript set character_key = null$$), 0, 'anon cannot change who speaks a line');
select is(tests.affected($$delete from lesson_characters$$), 0, 'anon cannot delete characters');
select is(tests.affected($$delete from lesson_notes$$), 0, 'anon cannot delete notes');

-- learners -------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from lesson_characters where tests.is_test_lesson(lesson_id)), 1, 'learner A reads only the characters of published lessons');
select is((select count(*)::int from lesson_notes where tests.is_test_lesson(lesson_id)), 1, 'learner A reads only the notes of published lessons');
select throws_ok($$insert into lesson_characters (lesson_id, key, name_en, sex, voice) values ('11111111-1111-1111-1111-111111111111', 'x', 'X', 'male', 'm3')$$, '42501', null, 'learner A cannot add characters');
select throws_ok($$insert into lesson_notes (lesson_id, position, title_en, body_en, line_numbers) values ('11111111-1111-1111-1111-111111111111', 2, 'x', 'x', '{1}')$$, '42501', null, 'learner A cannot add notes');
select is(tests.affected($$update lesson_characters set voice = 'hacked'$$), 0, 'learner A cannot edit characters');
select is(tests.affected($$update lesson_notes set body_en = 'Hacked'$$), 0, 'learner A cannot edit notes');
select is(tests.affected($$delete from lesson_characters$$), 0, 'learner A cannot delete characters');
select is(tests.affected($$delete from lesson_notes$$), 0, 'learner A cannot delete notes');
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from lesson_notes where lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'learner B cannot read a draft''s notes');
select is((select count(*)::int from lesson_characters where lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'learner B cannot read a draft''s characters');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from lesson_characters where tests.is_test_lesson(lesson_id)), 2, 'admin reads every character');
select is((select count(*)::int from lesson_notes where tests.is_test_lesson(lesson_id)), 2, 'admin reads every note');
select lives_ok($$insert into lesson_notes (lesson_id, position, title_en, title_de, title_es, body_en, body_de, body_es, line_numbers) values ('11111111-1111-1111-1111-111111111111', 2, 'Te', 'Du', 'Tú', 'Informal you.', 'Informelles Du.', 'Tú informal.', '{1,2}')$$, 'admin adds notes in three languages');
select is(tests.affected($$update lesson_characters set voice = 'f5' where key = 'waitress'$$), 1, 'admin edits characters');
select is(tests.affected($$update lesson_notes set body_en = 'Hi and bye among friends.' where position = 1 and lesson_id = '11111111-1111-1111-1111-111111111111'$$), 1, 'admin edits notes');
select throws_ok($$update lesson_transcript set character_key = 'mother' where lesson_id = '11111111-1111-1111-1111-111111111111'$$, '23503', null, 'a line cannot be spoken by another lesson''s character');
select throws_ok($$insert into lesson_characters (lesson_id, key, name_en, sex, voice) values ('11111111-1111-1111-1111-111111111111', 'anna', 'Anna', 'female', 'f4')$$, '23514', null, 'the spec''s speakers are not characters');
select throws_ok($$insert into lesson_characters (lesson_id, key, name_en, sex, voice) values ('11111111-1111-1111-1111-111111111111', 'waitress', 'Again', 'female', 'f4')$$, '23505', null, 'a key is unique within its lesson');
select throws_ok($$insert into lesson_notes (lesson_id, position, title_en, body_en, line_numbers) values ('11111111-1111-1111-1111-111111111111', 3, 'x', 'x', '{}')$$, '23514', null, 'a note explains at least one line');
select throws_ok($$insert into lesson_notes (lesson_id, position, title_en, body_en, line_numbers) values ('11111111-1111-1111-1111-111111111111', 3, 'x', 'x', '{0}')$$, '23514', null, 'line numbers start at 1');
select throws_ok($$insert into lesson_notes (lesson_id, position, title_en, title_de, body_en, line_numbers) values ('11111111-1111-1111-1111-111111111111', 3, 'x', '', 'x', '{1}')$$, '23514', null, 'a missing translation is null, not empty');
select throws_ok($$update lesson_transcript set natural_start_time = 2, natural_end_time = 1 where lesson_id = '11111111-1111-1111-1111-111111111111'$$, '23514', null, 'natural line times run forwards');
select is(tests.affected($$delete from lesson_characters where key = 'waitress'$$), 1, 'admin deletes characters');
select is((select character_key from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'), null, 'the line stays, spoken by its speaker again');
select is(tests.affected($$delete from lessons where id = '22222222-2222-2222-2222-222222222222'$$), 1, 'admin deletes a lesson');
select is((select count(*)::int from lesson_notes where lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'its notes go with it');

-- A new recording withdraws the slow and the natural renderings; the seed, which sets all, keeps them.
select tests.clear_authentication();
update public.lessons set slow_audio_url = 'seed/x-slow.mp3', natural_audio_url = 'seed/x-natural.mp3', audio_url = 'seed/x.mp3'
where lesson_number = 901;
update public.lessons set audio_url = 'studio/901.mp3' where lesson_number = 901;
select is(
  (select natural_audio_url from public.lessons where lesson_number = 901),
  null,
  'publishing new audio drops the stale natural rendering'
);
update public.lessons set audio_url = 'seed/y.mp3', slow_audio_url = 'seed/y-slow.mp3', natural_audio_url = 'seed/y-natural.mp3'
where lesson_number = 901;
select is(
  (select natural_audio_url from public.lessons where lesson_number = 901),
  'seed/y-natural.mp3',
  'an update that sets all three keeps the natural rendering'
);

select * from finish();
rollback;
