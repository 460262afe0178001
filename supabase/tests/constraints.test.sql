-- Enumerated values and NFC storage of Hungarian text.
begin;
select plan(12);
select tests.share_tap();
select tests.seed_fixture();

select throws_ok($$insert into lessons (title, level) values ('x', 'expert')$$, '23514', null, 'levels are beginner, intermediate, advanced');
select throws_ok($$insert into lessons (title, language_from) values ('x', 'french')$$, '23514', null, 'lessons are taught from English, German or Spanish');
select throws_ok($$insert into lessons (title, language_to) values ('x', 'finnish')$$, '23514', null, 'lessons teach Hungarian');
select throws_ok($$insert into lessons (title, lesson_number) values ('x', 0)$$, '23514', null, 'lesson numbers start at 1');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 5, 'ANNA', 'x')$$, '23514', null, 'speakers are stored lower-case: narrator, anna, bence');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content, start_time, end_time) values ('11111111-1111-1111-1111-111111111111', 5, 'anna', 'x', 4, 3)$$, '23514', null, 'a line cannot end before it starts');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 1, 'anna', 'again')$$, '23505', null, 'line numbers are unique per lesson');
select throws_ok($$insert into lesson_vocabulary (lesson_id, word_hu, word_en, difficulty) values ('11111111-1111-1111-1111-111111111111', 'ház', 'house', 'easy')$$, '23514', null, 'difficulty is stored as beginner, intermediate, advanced');
select throws_ok(format($$insert into lesson_vocabulary (lesson_id, word_hu, word_en) values ('11111111-1111-1111-1111-111111111111', %L, 'circle')$$, normalize('kör', NFD)), '23514', null, 'NFD Hungarian words are refused');
select lives_ok(format($$insert into lesson_vocabulary (lesson_id, word_hu, word_en) values ('11111111-1111-1111-1111-111111111111', %L, 'circle')$$, normalize('kör', NFC)), 'NFC Hungarian words are stored');
select throws_ok(format($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 7, 'bence', %L)$$, normalize('Szőlő és kenyér', NFD)), '23514', null, 'NFD transcript text is refused');
select throws_ok(format($$insert into lessons (title) values (%L)$$, normalize('Első', NFD)), '23514', null, 'NFD lesson titles are refused');

select * from finish();
rollback;
