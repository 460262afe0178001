-- lesson_qa_reviews, lesson_files, tourist_pack_words, storage buckets and objects. Counts are of
-- the test's rows (tourist pack positions from 900, objects under l1/): the seed's are there too.
-- Deletes of objects go the way hosted allows, through the Storage API (which sets
-- storage.allow_delete_query; RLS then decides): tests.affected_by_storage_api.
begin;
select plan(41);
select tests.share_tap();
select tests.seed_fixture();

-- Files of the published lesson 1111… and the draft 2222… (migration 20261127150100): by folder
-- (the studio's lessons/<id>/…, the web admin's <id>/…) and named by a lesson's row.
insert into storage.objects (bucket_id, name) values
  ('lesson-audio', 'lessons/11111111-1111-1111-1111-111111111111/dialogue/a1.mp3'),
  ('lesson-audio', '11111111-1111-1111-1111-111111111111/words/szia.mp3'),
  ('lesson-audio', 'lessons/22222222-2222-2222-2222-222222222222/dialogue/d1.mp3'),
  ('lesson-audio', '22222222-2222-2222-2222-222222222222/draft.mp3'),
  ('lesson-audio', 'seed/published.mp3'),
  ('lesson-audio', 'seed/draft.mp3'),
  ('lesson-audio', 'seed/word.mp3'),
  ('lesson-images', 'generated/published.png'),
  ('lesson-images', 'generated/draft.png');
update lessons set audio_url = 'http://127.0.0.1:54321/storage/v1/object/public/lesson-audio/seed/published.mp3',
  image_url = 'http://127.0.0.1:54321/storage/v1/object/public/lesson-images/generated/published.png'
where id = '11111111-1111-1111-1111-111111111111';
update lessons set audio_url = 'seed/draft.mp3',
  image_url = 'http://127.0.0.1:54321/storage/v1/object/public/lesson-images/generated/draft.png'
where id = '22222222-2222-2222-2222-222222222222';
update lesson_vocabulary set audio_file_path = 'seed/word.mp3' where id = '11111111-0000-0000-0000-000000000001';

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from lesson_qa_reviews), 0, 'anon reads no QA reviews');
select is((select count(*)::int from lesson_files), 0, 'anon reads no lesson file records');
select is((select count(*)::int from tourist_pack_words where position >= 900), 2, 'anon reads the tourist pack');
select throws_ok($$insert into tourist_pack_words (position, word_hu, word_en) values (903, 'x', 'y')$$, '42501', null, 'anon cannot change the tourist pack');
select is((select count(*)::int from storage.buckets), 5, 'anon reads the bucket list (the four lesson buckets and the private lesson-drafts)');
select is((select count(*)::int from storage.objects where name like 'l1/%'), 1, 'anon lists only lesson audio and images of published lessons (l1/lesson.mp3 is recorded for one, l1/cover.png for none)');
select results_eq($$select name from storage.objects where name not like 'l1/%' and name not like 'seed/lessons/%' and name not like 'seed/words/%' order by name$$,
  $$values ('11111111-1111-1111-1111-111111111111/words/szia.mp3'), ('generated/published.png'), ('lessons/11111111-1111-1111-1111-111111111111/dialogue/a1.mp3'), ('seed/published.mp3'), ('seed/word.mp3')$$,
  'anon sees the published lesson''s files (its folders, its audio, image and word audio) and none of the draft''s');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('lesson-audio', 'x.mp3')$$, '42501', null, 'anon cannot upload lesson audio');
select is(tests.affected_by_storage_api($$delete from storage.objects$$), 0, 'anon cannot delete objects');

-- learners ---------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from lesson_qa_reviews), 0, 'learner A reads no QA reviews');
select throws_ok($$insert into lesson_qa_reviews (lesson_id, qa_notes) values ('11111111-1111-1111-1111-111111111111', 'ok')$$, '42501', null, 'learner A cannot write QA reviews');
select is((select count(*)::int from lesson_files), 0, 'learner A reads no lesson file records');
select throws_ok($$insert into lesson_files (lesson_id, file_name, file_path, file_type, bucket_id) values ('11111111-1111-1111-1111-111111111111', 'a', 'a', 'audio', 'lesson-audio')$$, '42501', null, 'learner A cannot record lesson files');
select is(tests.affected($$update tourist_pack_words set word_en = 'x'$$), 0, 'learner A cannot edit the tourist pack');
select is((select count(*)::int from storage.objects where name like 'l1/%'), 1, 'learner A lists only lesson audio and images of published lessons');
select is((select count(*)::int from storage.objects where name like '%2222%' or name like '%draft%'), 0, 'learner A sees no file of the draft lesson');
select is((select count(*)::int from storage.objects where bucket_id in ('lesson-video', 'lesson-documents')), 0, 'learner A cannot see videos or documents');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('lesson-images', 'x.png')$$, '42501', null, 'learner A cannot upload images');
select is(tests.affected($$update storage.objects set name = 'moved.mp3' where bucket_id = 'lesson-audio'$$), 0, 'learner A cannot move lesson audio');
select is(tests.affected_by_storage_api($$delete from storage.objects$$), 0, 'learner A cannot delete objects');
select is(tests.affected($$update storage.buckets set public = true$$), 0, 'learner A cannot change buckets');
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from lesson_files), 0, 'learner B reads no lesson file records');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('lesson-documents', 'x.csv')$$, '42501', null, 'learner B cannot upload documents');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select is((select count(*)::int from lesson_qa_reviews), 1, 'admin reads QA reviews');
select lives_ok($$insert into lesson_qa_reviews (lesson_id, qa_notes) values ('11111111-1111-1111-1111-111111111111', 'Approved after listening')$$, 'admin writes a QA review');
select throws_ok($$insert into lesson_qa_reviews (lesson_id, qa_notes, status) values ('11111111-1111-1111-1111-111111111111', 'x', 'rejected')$$, '22P02', null, 'QA review status is approved');
select is((select count(*)::int from lesson_files), 1, 'admin reads lesson file records');
select lives_ok($$insert into lesson_files (lesson_id, file_name, file_path, file_type, mime_type, file_size, bucket_id) values ('11111111-1111-1111-1111-111111111111', 'intro.mp4', 'l1/intro.mp4', 'video', 'video/mp4', 1000, 'lesson-video')$$, 'admin records a lesson file');
select is(tests.affected($$delete from lesson_files where file_type = 'video'$$), 1, 'admin deletes a lesson file record');
select lives_ok($$insert into tourist_pack_words (position, word_hu, word_en) values (903, 'köszönöm', 'thank you')$$, 'admin adds tourist pack words');
select is(tests.affected($$delete from tourist_pack_words where position = 903$$), 1, 'admin deletes tourist pack words');
select is((select count(*)::int from storage.objects where name like 'l1/%'), 4, 'admin lists objects of every lesson bucket');
select is((select count(*)::int from storage.objects where name like '%2222%' or name like '%draft%'), 4, 'admin sees the draft lesson''s files');
select lives_ok($$insert into storage.objects (bucket_id, name) values ('lesson-images', 'l1/generated.png')$$, 'admin uploads an image');
select is(tests.affected($$update storage.objects set name = 'l1/renamed.png' where name = 'l1/generated.png'$$), 1, 'admin replaces an image');
select is(tests.affected_by_storage_api($$delete from storage.objects where bucket_id = 'lesson-video' and name like 'l1/%'$$), 1, 'admin deletes a video');
select is(tests.affected($$update storage.buckets set public = true$$), 0, 'admin cannot change buckets through the API');

-- bucket configuration ----------------------------------------------------------------------------
select tests.clear_authentication();
select is((select file_size_limit from storage.buckets where id = 'lesson-audio'), 52428800::bigint, 'lesson audio is limited to 50 MB');
select ok((select allowed_mime_types @> array['audio/mpeg', 'audio/wav', 'audio/x-m4a', 'audio/aac'] from storage.buckets where id = 'lesson-audio'), 'lesson audio accepts MP3, WAV, M4A and AAC');
select ok((select allowed_mime_types @> array['audio/ogg', 'audio/flac'] from storage.buckets where id = 'lesson-audio'), 'lesson audio accepts Ogg and FLAC (phone recordings, as the studio and the review page)');
select is((select array_agg(id order by id) from storage.buckets where public), array['lesson-audio', 'lesson-images'], 'only lesson audio and images are public');

select * from finish();
rollback;
