-- Enumerated values and NFC storage of Hungarian text.
begin;
select plan(45);
select tests.share_tap();
select tests.seed_fixture();

select throws_ok($$insert into lessons (title, level) values ('x', 'expert')$$, '22P02', 'invalid input value for enum level: "expert"', 'levels are beginner, intermediate, advanced (the level enum)');
select throws_ok($$insert into lessons (title, language_from) values ('x', 'french')$$, '22P02', null, 'lessons are taught from English, German or Spanish');
select throws_ok($$insert into lessons (title, language_to) values ('x', 'finnish')$$, '22P02', null, 'lessons teach Hungarian');
select throws_ok($$insert into lessons (title, lesson_number) values ('x', 0)$$, '23514', null, 'lesson numbers start at 1');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 5, 'ANNA', 'x')$$, '22P02', 'invalid input value for enum speaker: "ANNA"', 'speakers are stored lower-case: narrator, anna, bence (the speaker enum)');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content, start_time, end_time) values ('11111111-1111-1111-1111-111111111111', 5, 'anna', 'x', 4, 3)$$, '23514', null, 'a line cannot end before it starts');
select throws_ok($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 1, 'anna', 'again')$$, '23505', null, 'line numbers are unique per lesson');
select throws_ok($$insert into lesson_vocabulary (lesson_id, word_hu, word_en, difficulty) values ('11111111-1111-1111-1111-111111111111', 'ház', 'house', 'easy')$$, '22P02', 'invalid input value for enum level: "easy"', 'difficulty is stored as beginner, intermediate, advanced (the level enum)');
select throws_ok(format($$insert into lesson_vocabulary (lesson_id, word_hu, word_en) values ('11111111-1111-1111-1111-111111111111', %L, 'circle')$$, normalize('kör', NFD)), '23514', null, 'NFD Hungarian words are refused');
select lives_ok(format($$insert into lesson_vocabulary (lesson_id, word_hu, word_en) values ('11111111-1111-1111-1111-111111111111', %L, 'circle')$$, normalize('kör', NFC)), 'NFC Hungarian words are stored');
select throws_ok(format($$insert into lesson_transcript (lesson_id, line_number, speaker, text_content) values ('11111111-1111-1111-1111-111111111111', 7, 'bence', %L)$$, normalize('Szőlő és kenyér', NFD)), '23514', null, 'NFD transcript text is refused');
select throws_ok(format($$insert into lessons (title) values (%L)$$, normalize('Első', NFD)), '23514', null, 'NFD lesson titles are refused');

-- The enumerations are Postgres enums (issue 15), in this order, with no check constraint left.
select enum_has_labels('public', 'level', array['beginner', 'intermediate', 'advanced'], 'level is beginner, intermediate, advanced');
select enum_has_labels('public', 'speaker', array['narrator', 'anna', 'bence'], 'speaker is narrator, anna, bence');
select enum_has_labels('public', 'feedback_type', array['bug', 'feature', 'content', 'general', 'others'], 'feedback_type is bug, feature, content, general, others');
select enum_has_labels('public', 'feedback_status', array['new', 'reviewing', 'resolved', 'closed'], 'feedback_status is new, reviewing, resolved, closed');
select enum_has_labels('public', 'app_role', array['admin', 'user'], 'app_role is admin, user');
select col_type_is('public', 'lessons', 'level', 'level', 'lessons.level is the level enum');
select col_type_is('public', 'lesson_vocabulary', 'difficulty', 'level', 'lesson_vocabulary.difficulty is the level enum');
select col_type_is('public', 'lesson_transcript', 'speaker', 'speaker', 'lesson_transcript.speaker is the speaker enum');
select col_type_is('public', 'user_feedback', 'feedback_type', 'feedback_type', 'user_feedback.feedback_type is the feedback_type enum');
select col_type_is('public', 'user_feedback', 'status', 'feedback_status', 'user_feedback.status is the feedback_status enum');
select col_type_is('public', 'user_roles', 'role', 'app_role', 'user_roles.role is the app_role enum');
select is((select array_agg(format('%s.%s', c.conrelid::regclass, c.conname) order by c.conname) from pg_constraint c
           where c.conname in ('lessons_level_check', 'lesson_vocabulary_difficulty_check', 'lesson_transcript_speaker_check',
                               'user_feedback_type_check', 'user_feedback_status_check', 'user_roles_role_check')),
          null, 'the check constraints the enums replace are gone');
select is((select array_agg(format('%s.%s %s', c.table_name, c.column_name, c.column_default) order by c.table_name, c.column_name)
           from information_schema.columns c
           where c.table_schema = 'public' and (c.table_name, c.column_name) in (('lessons', 'level'), ('lesson_vocabulary', 'difficulty'),
             ('lesson_transcript', 'speaker'), ('user_feedback', 'feedback_type'), ('user_feedback', 'status'), ('user_roles', 'role'))),
          array['lesson_transcript.speaker ', 'lesson_vocabulary.difficulty ''beginner''::level', 'lessons.level ''beginner''::level',
                'user_feedback.feedback_type ''general''::feedback_type', 'user_feedback.status ''new''::feedback_status', 'user_roles.role ''user''::app_role'],
          'the defaults are kept: beginner, general, new, user (a line has no default speaker)');
select ok((select pg_get_indexdef('public.user_roles_admin_idx'::regclass) like '%WHERE (role = ''admin''::app_role)'), 'user_roles_admin_idx still covers the admins only');
select throws_ok($$insert into user_feedback (user_id, title, description, status) values (tests.user_id('learner-a@test.local'), 'x', 'y', 'done')$$, '22P02', 'invalid input value for enum feedback_status: "done"', 'a feedback status outside the list is refused with the enum error');
select throws_ok($$insert into user_feedback (user_id, feedback_type, title, description) values (tests.user_id('learner-a@test.local'), 'praise', 'x', 'y')$$, '22P02', 'invalid input value for enum feedback_type: "praise"', 'a feedback type outside the list is refused with the enum error');
select throws_ok($$update user_roles set role = 'owner' where user_id = tests.user_id('learner-a@test.local')$$, '22P02', 'invalid input value for enum app_role: "owner"', 'a role outside the list is refused with the enum error');
select is((select array_agg(level::text order by level) from (select distinct level from lessons where lesson_number < 900) x),
          array['beginner'], 'the seed''s lessons kept their level through the conversion (all A1, issue 32)');

-- The closed sets of issue 33 are enums too, with their check constraints gone and defaults kept.
select enum_has_labels('public', 'language_code', array['en', 'de', 'es'], 'language_code is en, de, es');
select enum_has_labels('public', 'source_language', array['english', 'german', 'spanish'], 'source_language is english, german, spanish');
select enum_has_labels('public', 'target_language', array['hungarian'], 'target_language is hungarian');
select enum_has_labels('public', 'lesson_file_type', array['audio', 'image', 'video', 'document', 'transcript', 'vocabulary', 'other'], 'lesson_file_type has its seven values');
select enum_has_labels('public', 'qa_status', array['approved'], 'qa_status is approved');
select col_type_is('public', 'profiles', 'meaning_language', 'language_code', 'profiles.meaning_language is the language_code enum');
select col_type_is('public', 'lessons', 'language_from', 'source_language', 'lessons.language_from is the source_language enum');
select col_type_is('public', 'lessons', 'language_to', 'target_language', 'lessons.language_to is the target_language enum');
select col_type_is('public', 'lesson_files', 'file_type', 'lesson_file_type', 'lesson_files.file_type is the lesson_file_type enum');
select col_type_is('public', 'lesson_qa_reviews', 'status', 'qa_status', 'lesson_qa_reviews.status is the qa_status enum');
select is((select array_agg(c.conname::text order by c.conname) from pg_constraint c
           where c.conname in ('profiles_meaning_language_check', 'lessons_language_from_check', 'lessons_language_to_check',
                               'lesson_files_file_type_check', 'lesson_qa_reviews_status_check')),
          null, 'the check constraints these enums replace are gone');
select is((select array_agg(format('%s.%s %s', c.table_name, c.column_name, c.column_default) order by c.table_name, c.column_name)
           from information_schema.columns c
           where c.table_schema = 'public' and (c.table_name, c.column_name) in (('lessons', 'language_from'), ('lessons', 'language_to'),
             ('lesson_qa_reviews', 'status'))),
          array['lesson_qa_reviews.status ''approved''::qa_status', 'lessons.language_from ''english''::source_language',
                'lessons.language_to ''hungarian''::target_language'],
          'the defaults are kept: english, hungarian, approved');
select throws_ok($$insert into lesson_files (lesson_id, file_name, file_path, file_type, bucket_id) values ('11111111-1111-1111-1111-111111111111', 'a', 'a', 'picture', 'lesson-images')$$, '22P02', 'invalid input value for enum lesson_file_type: "picture"', 'a file type outside the list is refused with the enum error');
select lives_ok($$insert into lesson_files (lesson_id, file_name, file_path, file_type, bucket_id) values ('11111111-1111-1111-1111-111111111111', 'v.csv', 'l1/v.csv', 'vocabulary', 'lesson-documents')$$, 'every one of the seven file types is stored, vocabulary too');
select is((select array_agg(distinct language_from::text) from lessons where lesson_number < 900), array['english'], 'the seed''s lessons kept their language through the conversion');

select * from finish();
rollback;
