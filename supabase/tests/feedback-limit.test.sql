-- Feedback rate limit (trigger user_feedback_limit_rate), the Feedback tab's counts
-- (admin_feedback_stats) and the Users tab's search (admin_user_progress(_search)).
begin;
select plan(21);
select tests.share_tap();

do $$
begin
  perform tests.create_user('limit-a@test.local', 'Anna');
  perform tests.create_user('limit-b@test.local', 'Bence');
  perform tests.create_user('limit-admin@test.local', 'Admin', true);
end
$$;

-- the limit ----------------------------------------------------------------------------------------
select tests.authenticate_as('limit-a@test.local');
select lives_ok($$insert into user_feedback (title, description) select 'Hiba ' || n, 'Leírás' from generate_series(1, 9) n$$, 'a learner sends nine messages');
select lives_ok($$insert into user_feedback (title, description) values ('Tizedik', 'Még egy')$$, 'and a tenth within the minute');
select throws_ok($$insert into user_feedback (title, description) values ('Tizenegyedik', 'Túl sok')$$, 'PT429', null, 'the eleventh within a minute is refused with PT429 (HTTP 429)');
select throws_ok($$insert into user_feedback (title, description) select 'Csomag ' || n, 'x' from generate_series(1, 3) n$$, 'PT429', null, 'a batch past the limit is refused');
select is((select count(*)::int from user_feedback), 10, 'exactly ten messages were stored');
select throws_ok($$insert into user_feedback (title, description, created_at) values ('Régi', 'Visszadátumozva', now() - interval '1 day')$$, 'PT429', null, 'a back-dated created_at does not slip past the window');

select tests.authenticate_as('limit-b@test.local');
select lives_ok($$insert into user_feedback (title, description, created_at, updated_at) values ('Régi', 'Visszadátumozva', '2001-01-01', '2001-01-01')$$, 'another learner is not limited by the first one');
select is((select created_at from user_feedback), now(), 'a learner''s created_at is the server''s time');
select throws_ok($$insert into user_feedback (user_id, title, description) values (tests.user_id('limit-a@test.local'), 'Más nevében', 'x')$$, '42501', null, 'feedback as someone else is refused by RLS, not counted');
select throws_ok($$insert into user_feedback (title, description, page_url) values ('Hosszú', 'x', repeat('a', 2049))$$, '23514', null, 'page_url is at most 2048 characters');
select throws_ok($$insert into user_feedback (title, description, user_agent) values ('Hosszú', 'x', repeat('a', 513))$$, '23514', null, 'user_agent is at most 512 characters');
select throws_ok($$select * from admin_feedback_stats()$$, '42501', null, 'learners cannot read the feedback counts');
select throws_ok($$select * from admin_user_progress()$$, '42501', null, 'learners cannot search the users overview');

select tests.authenticate_service();
select lives_ok($$insert into user_feedback (user_id, title, description) select tests.user_id('limit-a@test.local'), 'Import ' || n, 'x' from generate_series(1, 20) n$$, 'the service role is not limited (imports, seed)');

select tests.authenticate_anon();
select throws_ok($$select * from admin_feedback_stats()$$, '42501', null, 'anon cannot read the feedback counts');

-- the Feedback tab's counts ----------------------------------------------------------------------------
select tests.clear_authentication();
update user_feedback set status = 'reviewing', feedback_type = 'bug' where title like 'Import %' and title < 'Import 2';
update user_feedback set feedback_type = 'feature' where title = 'Tizedik';
select tests.authenticate_as('limit-admin@test.local');
select results_eq($$select total, status_new, status_reviewing, type_bug, type_feature from admin_feedback_stats()$$,
  $$select count(*)::int, count(*) filter (where status = 'new')::int, count(*) filter (where status = 'reviewing')::int,
           count(*) filter (where feedback_type = 'bug')::int, count(*) filter (where feedback_type = 'feature')::int from user_feedback$$,
  'the counts cover every row');
select ok((select total >= 31 and status_reviewing >= 11 and type_feature >= 1 from admin_feedback_stats()), 'including this test''s 31 rows');

-- the Users tab's search --------------------------------------------------------------------------------
select tests.clear_authentication();
insert into lessons (id, lesson_number, title, is_published) values ('00000910-0000-0000-0000-000000000000', 910, 'Lecke 910', true);
insert into user_lesson_progress (user_id, lesson_id, audio_completed, flashcard_passed, is_completed, flashcard_accuracy)
values (tests.user_id('limit-a@test.local'), '00000910-0000-0000-0000-000000000000', true, true, true, 90),
       (tests.user_id('limit-b@test.local'), '00000910-0000-0000-0000-000000000000', true, true, true, 70);
select tests.authenticate_as('limit-admin@test.local');
select results_eq($$select user_id, avg_accuracy from admin_user_progress(upper(substr(tests.user_id('limit-a@test.local')::text, 10, 14)))$$,
  $$values (tests.user_id('limit-a@test.local'), 90)$$, 'search matches any part of the user ID, case-insensitively');
select is((select count(*)::int from admin_user_progress('no-such-user')), 0, 'a search that matches nobody lists nobody');
select is((select count(*)::int from admin_user_progress('  ')), (select count(*)::int from admin_user_progress()), 'a blank search lists everyone');
select ok((select count(*) >= 2 from admin_user_progress(null)), 'both learners are listed');

select * from finish();
rollback;
