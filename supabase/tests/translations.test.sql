-- Meanings in German and Spanish and per-line translations: they are read like the rows they
-- belong to (published content by anyone, drafts by admins), written only by admins; a learner
-- sets their own meaning language and nobody else's; the reads that hand meanings to learners
-- (get_due_words, get_tourist_pack_words) carry all three languages to the right caller only.
-- Own fixture with lesson numbers and pack positions >= 900, so it also runs on a seeded database.
begin;
select plan(33);
select tests.share_tap();

do $$
begin
  perform tests.create_user('tr-a@test.local', 'Anna');
  perform tests.create_user('tr-b@test.local', 'Bence');
  perform tests.create_user('tr-admin@test.local', 'Admin', true);
end
$$;
insert into lessons (id, lesson_number, title, is_published)
values ('90100000-0000-4000-8000-000000000000', 901, 'Fordítások', true),
       ('90200000-0000-4000-8000-000000000000', 902, 'Vázlat', false);
insert into lesson_transcript (lesson_id, line_number, speaker, text_content, start_time, end_time,
  translation_en, translation_de, translation_es)
values ('90100000-0000-4000-8000-000000000000', 1, 'anna', 'Szia, Bence!', 0, 2, 'Hi, Bence!', 'Hallo, Bence!', '¡Hola, Bence!'),
       ('90200000-0000-4000-8000-000000000000', 1, 'bence', 'Jó reggelt!', 0, 2, 'Good morning!', 'Guten Morgen!', '¡Buenos días!');
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en, word_de, word_es)
values ('90100000-0000-4000-8000-000000000001', '90100000-0000-4000-8000-000000000000', 'szia', 'hi', 'hallo', 'hola'),
       ('90100000-0000-4000-8000-000000000002', '90100000-0000-4000-8000-000000000000', 'holnap', 'tomorrow', null, 'mañana'),
       ('90200000-0000-4000-8000-000000000001', '90200000-0000-4000-8000-000000000000', 'reggel', 'morning', 'Morgen', 'mañana');
insert into tourist_pack_words (position, word_hu, word_en, word_de, word_es)
values (901, 'Szia', 'hi', 'hallo', 'hola'), (902, 'kávé', 'coffee', 'Kaffee', null);
-- Learner A completed lesson 901 and has answered both its words (a word joins the due queue with
-- its first answer); both are due again.
insert into user_lesson_progress (user_id, lesson_id, audio_completed, is_completed, completed_at)
values (tests.user_id('tr-a@test.local'), '90100000-0000-4000-8000-000000000000', true, true, now() - interval '1 hour');
insert into user_vocabulary_progress (user_id, vocabulary_id, reps, times_seen, times_correct, last_review, due)
select tests.user_id('tr-a@test.local'), v, 1, 1, 1, now() - interval '3 hours', now() - interval '2 hours'
from unnest(array['90100000-0000-4000-8000-000000000001', '90100000-0000-4000-8000-000000000002']::uuid[]) v;

-- anonymous --------------------------------------------------------------------------------------
select tests.authenticate_anon();
select results_eq($$select translation_en, translation_de, translation_es from lesson_transcript where lesson_id in ('90100000-0000-4000-8000-000000000000', '90200000-0000-4000-8000-000000000000')$$,
  $$values ('Hi, Bence!'::text, 'Hallo, Bence!'::text, '¡Hola, Bence!'::text)$$, 'anon reads the translations of published lines only');
select results_eq($$select word_hu, word_de, word_es from lesson_vocabulary where lesson_id in ('90100000-0000-4000-8000-000000000000', '90200000-0000-4000-8000-000000000000') order by word_hu$$,
  $$values ('holnap'::text, null::text, 'mañana'::text), ('szia', 'hallo', 'hola')$$, 'anon reads German and Spanish meanings of published words only (null = missing)');
select results_eq($$select word_de, word_es from tourist_pack_words where position = 902$$, $$values ('Kaffee'::text, null::text)$$, 'anon reads the tourist pack meanings');
select is(tests.affected($$update lesson_transcript set translation_de = 'Gehackt'$$), 0, 'anon cannot change line translations');
select is(tests.affected($$update lesson_vocabulary set word_de = 'gehackt'$$), 0, 'anon cannot change German meanings');
select is(tests.affected($$update tourist_pack_words set word_es = 'pirateado'$$), 0, 'anon cannot change tourist pack meanings');
select is(tests.affected($$update profiles set meaning_language = 'de'$$), 0, 'anon cannot set anyone''s meaning language');
select throws_ok($$select * from get_tourist_pack_words(tests.user_id('tr-a@test.local'))$$, '42501', null, 'anon cannot read a tourist pack list');

-- learner A ----------------------------------------------------------------------------------------
select tests.authenticate_as('tr-a@test.local');
select is((select count(*)::int from lesson_transcript where translation_de is not null and lesson_id in ('90100000-0000-4000-8000-000000000000', '90200000-0000-4000-8000-000000000000')), 1, 'learner A reads translations of published lines only');
select is((select count(*)::int from lesson_vocabulary where lesson_id = '90200000-0000-4000-8000-000000000000'), 0, 'learner A cannot read draft meanings');
select is(tests.affected($$update lesson_transcript set translation_es = 'pirateado'$$), 0, 'learner A cannot change line translations');
select is(tests.affected($$update lesson_vocabulary set word_es = 'pirateado'$$), 0, 'learner A cannot change Spanish meanings');
select is(tests.affected($$update tourist_pack_words set word_de = 'gehackt'$$), 0, 'learner A cannot change tourist pack meanings');
select throws_ok($$insert into lesson_vocabulary (lesson_id, word_hu, word_en, word_de) values ('90100000-0000-4000-8000-000000000000', 'x', 'x', 'x')$$, '42501', null, 'learner A cannot add words with meanings');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content, translation_de) values ('90100000-0000-4000-8000-000000000000', 9, 'anna', 'x', 'x')$$, '42501', null, 'learner A cannot add translated lines');
select is(tests.affected($$update profiles set meaning_language = 'de' where user_id = tests.user_id('tr-a@test.local')$$), 1, 'learner A sets their own meaning language');
select is((select meaning_language from profiles where user_id = tests.user_id('tr-a@test.local')), 'de', 'learner A reads it back');
select is(tests.affected($$update profiles set meaning_language = 'es' where user_id = tests.user_id('tr-b@test.local')$$), 0, 'learner A cannot set learner B''s meaning language');
select throws_ok($$update profiles set meaning_language = 'fr' where user_id = tests.user_id('tr-a@test.local')$$, '22P02', null, 'a language without meanings is refused');
select lives_ok($$update profiles set meaning_language = null where user_id = tests.user_id('tr-a@test.local')$$, 'learner A goes back to "follow the interface language"');
select results_eq($$select word_hu, word_en, word_de, word_es from get_due_words(20, true) where lesson_id = '90100000-0000-4000-8000-000000000000' order by word_hu$$,
  $$values ('holnap'::text, 'tomorrow'::text, null::text, 'mañana'::text), ('szia', 'hi', 'hallo', 'hola')$$, 'get_due_words returns the meanings in all three languages');
select results_eq($$select "position", word_hu, word_en, word_de, word_es, reviewed from get_tourist_pack_words(tests.user_id('tr-a@test.local')) where "position" >= 900$$,
  $$values (901, 'Szia'::text, 'hi'::text, 'hallo'::text, 'hola'::text, true), (902, 'kávé', 'coffee', 'Kaffee', null, false)$$, 'learner A reads their tourist pack list with meanings and what they reviewed');
select is((select count(distinct lower(word_hu))::int from get_tourist_pack_words(tests.user_id('tr-a@test.local')) where reviewed),
  (select reviewed_words from get_tourist_pack_progress(tests.user_id('tr-a@test.local'))), 'the list marks reviewed the words the progress counts (distinct lower-cased Hungarian)');
select throws_ok($$select * from get_tourist_pack_words(tests.user_id('tr-b@test.local'))$$, '42501', null, 'learner A cannot read learner B''s tourist pack list');

-- learner B ----------------------------------------------------------------------------------------
select tests.authenticate_as('tr-b@test.local');
select is((select meaning_language from profiles where user_id = tests.user_id('tr-b@test.local')), null, 'learner B''s meaning language is untouched by A');
select is((select count(*)::int from profiles where user_id = tests.user_id('tr-a@test.local')), 0, 'learner B cannot read learner A''s meaning language');
select is((select count(*)::int from get_due_words(20, true) where lesson_id = '90100000-0000-4000-8000-000000000000'), 0, 'learner B gets no meanings of A''s queue');
select results_eq($$select "position", reviewed from get_tourist_pack_words(tests.user_id('tr-b@test.local')) where "position" >= 900$$,
  $$values (901, false), (902, false)$$, 'learner B reads their own list, nothing reviewed');

-- admin and service role ---------------------------------------------------------------------------
select tests.authenticate_as('tr-admin@test.local');
select is((select translation_es from lesson_transcript where lesson_id = '90200000-0000-4000-8000-000000000000'), '¡Buenos días!', 'the admin reads draft translations');
select is(tests.affected($$update lesson_vocabulary set word_de = 'morgen' where id = '90100000-0000-4000-8000-000000000002'$$), 1, 'the admin adds a missing German meaning');
select throws_ok($$update lesson_transcript set translation_de = '  ' where lesson_id = '90100000-0000-4000-8000-000000000000'$$, '23514', null, 'a blank translation is refused (missing is null)');
select is((select count(*)::int from get_tourist_pack_words(tests.user_id('tr-a@test.local')) where "position" >= 900), 2, 'the admin reads any learner''s tourist pack list');
select tests.authenticate_service();
select is((select count(*)::int from get_tourist_pack_words(tests.user_id('tr-b@test.local')) where "position" >= 900), 2, 'the service role reads a tourist pack list');

select * from finish();
rollback;
