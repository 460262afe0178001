-- transcript_tokens and save_line_tokens (issue 31 point 4, issue 28 point 6; DESIGN.md §12.3):
-- anyone reads the tokens of published lessons, only admins read drafts' and write; a token is
-- the line's text at its offsets and links only to its own lesson's word and note; a line whose
-- text changes loses its tokens and word times, a line whose times change keeps them.
begin;
select plan(41);
select tests.share_tap();
select tests.seed_fixture();

-- Fixture: 901 (published) 'Szia, Bence!' and 902 (draft) 'Jó reggelt!', two tokens each.
insert into public.glossary_entries (id, lemma, part_of_speech, meaning_en, meaning_de, meaning_es)
values ('99999999-0000-0000-0000-0000000000a1', 'reggel', 'noun', 'morning', 'Morgen', 'mañana');
insert into public.transcript_tokens (line_id, position, char_start, char_end, text, lemma,
  vocabulary_id, glossary_id, is_name, start_time, end_time)
select t.id, v.position, v.s, v.e, v.text, v.lemma, v.vocab::uuid, v.gloss::uuid, v.is_name, v.st, v.et
from public.lesson_transcript t
join (values
  ('11111111-1111-1111-1111-111111111111'::uuid, 0, 0, 4, 'Szia', 'szia', '11111111-0000-0000-0000-000000000001', null, false, 0.1, 0.6),
  ('11111111-1111-1111-1111-111111111111'::uuid, 1, 6, 11, 'Bence', 'Bence', null, null, true, 0.7, 1.5),
  ('22222222-2222-2222-2222-222222222222'::uuid, 0, 0, 2, 'Jó', 'jó', null, null, false, 0.1, 0.4),
  ('22222222-2222-2222-2222-222222222222'::uuid, 1, 3, 10, 'reggelt', 'reggel', '22222222-0000-0000-0000-000000000001', '99999999-0000-0000-0000-0000000000a1', false, 0.5, 1.2)
) as v(lesson_id, position, s, e, text, lemma, vocab, gloss, is_name, st, et) on v.lesson_id = t.lesson_id;
update public.transcript_tokens set grammar_notes = '{accusative}' where text = 'reggelt';

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where tests.is_test_lesson(t.lesson_id)), 2, 'anon reads only the tokens of published lessons');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'anon cannot read a draft''s tokens');
select is((select count(*)::int from transcript_tokens where text = 'reggelt'), 0, 'anon cannot read a draft''s tokens by their text');
select throws_ok($$insert into transcript_tokens (line_id, position, char_start, char_end, text, lemma) select id, 5, 0, 4, 'Szia', 'x' from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'$$, '42501', null, 'anon cannot add tokens');
select is(tests.affected($$update transcript_tokens set lemma = 'hacked'$$), 0, 'anon cannot edit tokens');
select is(tests.affected($$update transcript_tokens set start_time = 9, end_time = 9.5$$), 0, 'anon cannot move word times');
select is(tests.affected($$delete from transcript_tokens$$), 0, 'anon cannot delete tokens');
select throws_ok($$select save_line_tokens('11111111-1111-1111-1111-111111111111', '[]')$$, '42501', null, 'anon cannot call save_line_tokens');
select is((select count(*)::int from glossary_entries where lemma = 'reggel'), 1, 'anon reads the glossary');

-- learners -------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where tests.is_test_lesson(t.lesson_id)), 2, 'learner A reads only the tokens of published lessons');
select is((select array_agg(text order by position) from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '11111111-1111-1111-1111-111111111111'), array['Szia', 'Bence'], 'learner A reads the published line''s words in order');
select throws_ok($$insert into transcript_tokens (line_id, position, char_start, char_end, text, lemma) select id, 5, 0, 4, 'Szia', 'x' from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'$$, '42501', null, 'learner A cannot add tokens');
select is(tests.affected($$update transcript_tokens set meaning_en = 'hacked'$$), 0, 'learner A cannot edit tokens');
select is(tests.affected($$update transcript_tokens set start_time = 9, end_time = 9.5$$), 0, 'learner A cannot move word times');
select is(tests.affected($$delete from transcript_tokens$$), 0, 'learner A cannot delete tokens');
select throws_ok($$select save_line_tokens('11111111-1111-1111-1111-111111111111', '[]')$$, '42501', null, 'learner A cannot call save_line_tokens');
select throws_ok($$insert into glossary_entries (lemma, meaning_en) values ('macska', 'cat')$$, '42501', null, 'learner A cannot add glossary entries');
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '22222222-2222-2222-2222-222222222222'), 0, 'learner B cannot read a draft''s tokens');
select is(tests.affected($$update transcript_tokens set lemma = 'hacked'$$), 0, 'learner B cannot edit tokens');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where tests.is_test_lesson(t.lesson_id)), 4, 'admin reads every token');
select is((select grammar_notes::text from transcript_tokens where text = 'reggelt'), '{accusative}', 'a token carries its grammar notes');
select throws_ok($$insert into transcript_tokens (line_id, position, char_start, char_end, text, lemma) select id, 2, 0, 4, 'Bence', 'x' from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'$$, '23514', null, 'a token is the line''s text at its offsets');
select throws_ok($$insert into transcript_tokens (line_id, position, char_start, char_end, text, lemma) select id, 2, 0, 4, normalize('Szia', NFD), 'x' from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111' union all select id, 3, 0, 2, normalize('Jó', NFD), 'jó' from lesson_transcript where lesson_id = '22222222-2222-2222-2222-222222222222'$$, '23514', null, 'a token''s text is NFC');
select throws_ok($$update transcript_tokens set vocabulary_id = '22222222-0000-0000-0000-000000000001' where text = 'Szia'$$, '23514', null, 'a token links only to a word of its own lesson');
select throws_ok($$update transcript_tokens set start_time = 2, end_time = 1 where text = 'Szia'$$, '23514', null, 'word times run forwards');
select throws_ok($$update transcript_tokens set slow_start_time = 1, slow_end_time = null where text = 'Szia'$$, '23514', null, 'a word time has both ends or none');
select throws_ok($$update transcript_tokens set position = 1 where text = 'Szia'$$, '23505', null, 'one token per position of a line');

-- save_line_tokens: the studio's and the web editor's write.
select is(
  (select count(*)::int from save_line_tokens('11111111-1111-1111-1111-111111111111',
    (select jsonb_build_array(jsonb_build_object('line_id', id, 'text_content', text_content, 'tokens', jsonb_build_array(
      jsonb_build_object('position', 0, 'char_start', 0, 'char_end', 4, 'text', 'Szia', 'lemma', 'szia', 'vocabulary_id', '11111111-0000-0000-0000-000000000001', 'start_time', 0.1, 'end_time', 0.6),
      jsonb_build_object('position', 1, 'char_start', 6, 'char_end', 11, 'text', 'Bence', 'lemma', 'Bence', 'is_name', true, 'confirmed', true, 'start_time', 0.7, 'end_time', 1.4,
        'slow_start_time', 1.0, 'slow_end_time', 2.0, 'natural_start_time', 0.5, 'natural_end_time', 1.0))))
     from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'))),
  2, 'save_line_tokens writes a line''s tokens and returns the lesson''s');
select is((select (confirmed, end_time, slow_end_time, natural_start_time)::text from transcript_tokens where text = 'Bence'), '(t,1.4,2,0.5)', 'the changed token has the new times of every audio version');
select is((select (created_at = updated_at)::text from transcript_tokens where text = 'Szia'), 'true', 'an unchanged token keeps its row');
select throws_ok($$select save_line_tokens('11111111-1111-1111-1111-111111111111',
    (select jsonb_build_array(jsonb_build_object('line_id', id, 'text_content', 'Szia, Anna!', 'tokens', '[]'::jsonb))
     from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'))$$,
  '40001', null, 'tokens made for another text of the line are refused');
select throws_ok($$select save_line_tokens('11111111-1111-1111-1111-111111111111',
    (select jsonb_build_array(jsonb_build_object('line_id', id, 'tokens', '[]'::jsonb))
     from lesson_transcript where lesson_id = '22222222-2222-2222-2222-222222222222'))$$,
  '22023', null, 'save_line_tokens refuses a line of another lesson');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '22222222-2222-2222-2222-222222222222'), 2, 'a refused save writes nothing');

-- A line's times change: its tokens stay. Its text changes: its tokens and word times go, and
-- only its own.
update public.lesson_transcript set start_time = 0.2, end_time = 2.1 where lesson_id = '11111111-1111-1111-1111-111111111111';
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '11111111-1111-1111-1111-111111111111'), 2, 'new line times keep the line''s tokens');
select is((select count(*)::int from save_lesson_transcript('11111111-1111-1111-1111-111111111111',
  (select jsonb_agg(jsonb_build_object('id', id, 'line_number', line_number, 'speaker', speaker, 'text_content', text_content, 'start_time', start_time, 'end_time', 2.2))
   from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'))), 1, 'the editor saves new times');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '11111111-1111-1111-1111-111111111111'), 2, 'a save that keeps the text keeps its word times');
select is((select count(*)::int from save_lesson_transcript('11111111-1111-1111-1111-111111111111',
  (select jsonb_agg(jsonb_build_object('id', id, 'line_number', line_number, 'speaker', speaker, 'text_content', 'Szia, Anna!', 'start_time', start_time, 'end_time', end_time))
   from lesson_transcript where lesson_id = '11111111-1111-1111-1111-111111111111'))), 1, 'the editor saves a new text');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '11111111-1111-1111-1111-111111111111'), 0, 'a new text drops the line''s tokens and word times');
select is((select count(*)::int from transcript_tokens k join lesson_transcript t on t.id = k.line_id where t.lesson_id = '22222222-2222-2222-2222-222222222222'), 2, 'other lines keep theirs');
delete from public.glossary_entries where id = '99999999-0000-0000-0000-0000000000a1';
select is((select glossary_id from transcript_tokens where text = 'reggelt'), null, 'deleting a glossary entry unlinks its tokens');
delete from public.lesson_transcript where lesson_id = '22222222-2222-2222-2222-222222222222';
select is((select count(*)::int from transcript_tokens where text = 'reggelt'), 0, 'deleting a line deletes its tokens');

select * from finish();
rollback;
