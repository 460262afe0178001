-- save_lesson_transcript and admin_translation_status: who may call them, and a save that keeps
-- every id, time, translation and unknown column it was not asked to change.
begin;
select plan(30);
select tests.share_tap();

select tests.create_user('ts-admin@test.local', 'Transcript Admin', true);
select tests.create_user('ts-learner@test.local', 'Transcript Learner');
insert into public.lessons (id, lesson_number, title, level, is_published)
values ('99999999-0000-0000-0000-000000000901', 901, 'Transcript save', 'beginner', true),
       ('99999999-0000-0000-0000-000000000902', 902, 'Other lesson', 'beginner', false);
insert into public.lesson_transcript (id, lesson_id, line_number, speaker, text_content, start_time, end_time, translation_en)
values ('99999999-0001-0000-0000-000000000001', '99999999-0000-0000-0000-000000000901', 1, 'narrator', 'Reggel van.', 0.4, 4.8, 'It is morning.'),
       ('99999999-0001-0000-0000-000000000002', '99999999-0000-0000-0000-000000000901', 2, 'anna', 'Szia, Bence!', 5.5, 8.33, null),
       ('99999999-0001-0000-0000-000000000003', '99999999-0000-0000-0000-000000000901', 3, 'bence', 'Szia, Anna!', 9.03, 12.55, null),
       ('99999999-0002-0000-0000-000000000001', '99999999-0000-0000-0000-000000000902', 1, 'anna', 'Másik.', 0, 1, null);
insert into public.lesson_vocabulary (lesson_id, word_hu, word_en, word_de)
values ('99999999-0000-0000-0000-000000000901', 'reggel', 'morning', 'Morgen'),
       ('99999999-0000-0000-0000-000000000901', 'szia', 'hi', null);
-- Make updated_at tell an untouched row from a rewritten one (the trigger would say now()).
alter table public.lesson_transcript disable trigger lesson_transcript_set_updated_at;
update public.lesson_transcript set updated_at = '2026-01-01T00:00:00Z'
where lesson_id = '99999999-0000-0000-0000-000000000901';
alter table public.lesson_transcript enable trigger lesson_transcript_set_updated_at;

create temporary table read_before as
  select * from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901';
grant all on read_before to anon, authenticated, service_role;

-- The lines as the editor sends them, built from what it read.
create or replace function pg_temp.as_sent(_changes jsonb default '{}') returns jsonb
language sql as $$
  select coalesce(jsonb_agg(
    jsonb_build_object(
      'id', r.id, 'line_number', r.line_number, 'speaker', r.speaker,
      'text_content', r.text_content, 'start_time', r.start_time, 'end_time', r.end_time,
      'translation_en', r.translation_en, 'translation_de', r.translation_de,
      'translation_es', r.translation_es
    ) || coalesce(_changes -> r.id::text, '{}') order by r.line_number), '[]')
  from read_before r
$$;
create or replace function pg_temp.expected() returns jsonb
language sql as $$
  select jsonb_agg(jsonb_build_object('id', r.id, 'updated_at', r.updated_at)) from read_before r
$$;

-- attacks ------------------------------------------------------------------------------------------
select tests.authenticate_anon();
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', '[]')$$,
  '42501', null, 'anon cannot save a transcript');
select throws_ok($$select * from admin_translation_status()$$, '42501', null, 'anon cannot read the translation status');
select tests.authenticate_as('ts-learner@test.local');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', '[]')$$,
  '42501', null, 'a learner cannot save (or empty) a transcript');
select throws_ok($$select * from admin_translation_status()$$, '42501', null, 'a learner cannot read the translation status');
select tests.clear_authentication();
select is((select count(*)::int from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901'), 3,
  'the refused calls left the transcript as it was');

-- a save with nothing changed writes nothing --------------------------------------------------------
select tests.authenticate_as('ts-admin@test.local');
select is((select count(*)::int from save_lesson_transcript('99999999-0000-0000-0000-000000000901', pg_temp.as_sent(), pg_temp.expected())), 3,
  'an unchanged save returns the three lines');
select tests.clear_authentication();
select results_eq(
  $$select id, line_number, speaker, text_content, start_time, end_time, translation_en, updated_at from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901' order by line_number$$,
  $$select id, line_number, speaker, text_content, start_time, end_time, translation_en, updated_at from read_before order by line_number$$,
  'an unchanged save leaves every row as it was, updated_at included');

-- an edit changes only what it names ---------------------------------------------------------------
select tests.authenticate_as('ts-admin@test.local');
select lives_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901',
  pg_temp.as_sent('{"99999999-0001-0000-0000-000000000002": {"text_content": "Szia, Bence! Hogy vagy?", "translation_de": "Hallo, Bence!"}}'),
  pg_temp.expected())$$, 'an admin saves an edited line');
select tests.clear_authentication();
select results_eq(
  $$select text_content, start_time, end_time, translation_de from public.lesson_transcript where id = '99999999-0001-0000-0000-000000000002'$$,
  $$values ('Szia, Bence! Hogy vagy?'::text, 5.5::double precision, 8.33::double precision, 'Hallo, Bence!'::text)$$,
  'the edited line keeps its times and takes the new text and translation');
select isnt((select updated_at from public.lesson_transcript where id = '99999999-0001-0000-0000-000000000002'), '2026-01-01T00:00:00Z'::timestamptz,
  'the edited line was written');
select is((select count(*)::int from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901' and updated_at = '2026-01-01T00:00:00Z'), 2,
  'the two other lines were not written');

-- a stale save is refused ----------------------------------------------------------------------------
select tests.authenticate_as('ts-admin@test.local');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', pg_temp.as_sent('{"99999999-0001-0000-0000-000000000003": {"start_time": 9.5}}'), pg_temp.expected())$$,
  '40001', null, 'a save based on an older read is refused');
select tests.clear_authentication();
select is((select start_time from public.lesson_transcript where id = '99999999-0001-0000-0000-000000000003'), 9.03::double precision,
  'the refused save changed nothing');
delete from read_before;
insert into read_before select * from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901';

-- insert, delete and reorder in one save -------------------------------------------------------------
select tests.authenticate_as('ts-admin@test.local');
select lives_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901',
  jsonb_build_array(
    pg_temp.as_sent() -> 2 || '{"line_number": 1}',
    '{"id": null, "line_number": 2, "speaker": "narrator", "text_content": "Új sor.", "start_time": null, "end_time": null, "translation_en": "A new line.", "translation_de": null, "translation_es": null}'::jsonb,
    pg_temp.as_sent() -> 0 || '{"line_number": 3}'
  ), pg_temp.expected())$$, 'an admin moves, inserts and deletes lines in one save');
select tests.clear_authentication();
select results_eq(
  $$select line_number, text_content, start_time, end_time from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901' order by line_number$$,
  $$values (1, 'Szia, Anna!'::text, 9.03::double precision, 12.55::double precision), (2, 'Új sor.', null, null), (3, 'Reggel van.', 0.4, 4.8)$$,
  'the lines are in their new order with their own times; the new line is untimed');
select is((select id from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901' and line_number = 3),
  '99999999-0001-0000-0000-000000000001'::uuid, 'a moved line keeps its id');
select is((select count(*)::int from public.lesson_transcript where id = '99999999-0001-0000-0000-000000000002'), 0,
  'the line left out was deleted');
select is((select count(*)::int from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000902'), 1,
  'another lesson''s lines are untouched');

-- bad arguments ------------------------------------------------------------------------------------
select tests.authenticate_as('ts-admin@test.local');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', '[{"id": "99999999-0002-0000-0000-000000000001", "line_number": 1, "speaker": "anna", "text_content": "Másik."}]')$$,
  '22023', null, 'a line of another lesson cannot be taken over');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', '{"not": "an array"}')$$,
  '22023', null, 'lines must be an array');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000999', '[]')$$,
  '22023', null, 'an unknown lesson is refused');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', '[{"id": null, "line_number": 1, "speaker": "peter", "text_content": "Helló"}]')$$,
  '22P02', 'invalid input value for enum public.speaker: "peter"', 'an unknown speaker is refused with the enum error');
select throws_ok($$select * from save_lesson_transcript('99999999-0000-0000-0000-000000000901', '[{"id": null, "line_number": 1, "speaker": "anna", "text_content": "Jó", "start_time": 5, "end_time": 4}]')$$,
  '23514', null, 'an end before the start breaks the table constraint');
select tests.clear_authentication();
select is((select count(*)::int from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901'), 3,
  'failed saves changed nothing (one transaction)');

-- translation status ----------------------------------------------------------------------------
select tests.authenticate_as('ts-admin@test.local');
select results_eq(
  $$select words, words_de, words_es, lines, lines_en, lines_de, lines_es from admin_translation_status() where lesson_id = '99999999-0000-0000-0000-000000000901'$$,
  $$values (2, 1, 0, 3, 2, 0, 0)$$,
  'the status counts words and lines with a meaning or translation per language');
select results_eq(
  $$select words, lines from admin_translation_status() where lesson_id = '99999999-0000-0000-0000-000000000902'$$,
  $$values (0, 1)$$, 'a lesson without words has a row too');
select ok((select count(*) from admin_translation_status()) >= 2, 'the status has a row for every lesson');

-- the service role (scripts) may save as well ---------------------------------------------------------
select tests.authenticate_service();
select is((select count(*)::int from save_lesson_transcript('99999999-0000-0000-0000-000000000902', '[]')), 0,
  'the service role may save (here: empty) a transcript');
select tests.clear_authentication();
select is((select count(*)::int from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000902'), 0,
  'an empty save removes every line of that lesson only');
select is((select count(*)::int from public.lesson_transcript where lesson_id = '99999999-0000-0000-0000-000000000901'), 3,
  'the other lesson still has its lines');

select * from finish();
rollback;
