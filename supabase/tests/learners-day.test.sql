-- The learner's day (issue 29 points 2, 3, 7): today's figures, reminders, achievements, and the
-- attacks on them (anonymous, another learner, a forged unsubscribe token).
begin;
select plan(32);
select tests.share_tap();
select tests.seed_fixture();

-- Learner A completed lesson 901 and answered szia once (due now); B has not completed it.
update profiles set time_zone = 'Europe/Berlin' where user_id = tests.user_id('learner-a@test.local');

-- Today ------------------------------------------------------------------------------------------------
select tests.authenticate_anon();
select throws_ok($$select * from get_today()$$, '42501', null, 'anonymous visitors have no day');
select tests.authenticate_as('learner-a@test.local');
select results_eq($$select due_count, answered_today, daily_goal from get_today(now() + interval '1 minute')$$,
  $$values (1, 1, 20)$$, 'learner A: one word due, one answer today, the default goal of 20 items');
select results_eq($$select due_count, next_due is not null from get_today(now() - interval '1 day')$$,
  $$values (0, true)$$, 'before the word is due: nothing due, and when it comes due');
select results_eq($$select due_since = (select min(due) from user_vocabulary_progress where user_id = tests.user_id('learner-a@test.local')) from get_today(now() + interval '1 minute')$$,
  $$values (true)$$, 'the words due now are due since the earliest due time among them');
select results_eq($$select (select due_since from get_today(now() + interval '1 minute')) = (select due_since from get_today(now() + interval '2 hours'))$$,
  $$values (true)$$, 'one due time however late the day is asked (not the time of asking)');
select tests.authenticate_as('learner-b@test.local');
select results_eq($$select due_count, answered_today from get_today(now() + interval '1 minute')$$,
  $$values (0, 1)$$, 'learner B sees only their own day (their lesson is not completed: nothing due)');

-- The goal and the reminder hour are the learner's to choose; the rest is the server's ----------------
select tests.authenticate_as('learner-a@test.local');
select is(tests.affected($$update profiles set daily_goal = 30, reminder_hour = 18 where user_id = tests.user_id('learner-a@test.local')$$),
  1, 'learner A sets their goal and reminder hour');
select throws_ok($$update profiles set daily_goal = 1000 where user_id = tests.user_id('learner-a@test.local')$$,
  '23514', null, 'a goal outside 10 / 20 / 30 / 50 is refused');
select throws_ok($$update profiles set reminded_on = current_date + 1 where user_id = tests.user_id('learner-a@test.local')$$,
  '42501', null, 'a learner cannot mark themselves reminded');
select throws_ok($$update profiles set reminder_unsubscribe_token = gen_random_uuid() where user_id = tests.user_id('learner-a@test.local')$$,
  '42501', null, 'a learner cannot choose their unsubscribe token');
select is(tests.affected($$update profiles set reminder_hour = 3 where user_id = tests.user_id('learner-b@test.local')$$),
  0, 'learner A cannot set learner B''s reminder');
select is((select count(*)::int from profiles where user_id = tests.user_id('learner-b@test.local')), 0,
  'learner A cannot read learner B''s profile (nor their unsubscribe token)');
select tests.authenticate_anon();
select is(tests.affected($$update profiles set reminder_hour = 3$$), 0, 'anonymous visitors write no profile');
select throws_ok($$update profiles set reminded_on = current_date$$, '42501', null, 'nor the server''s columns');

-- Reminders ----------------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select throws_ok($$select * from claim_reminders()$$, '42501', null, 'a learner cannot claim reminders (nor read addresses)');
select throws_ok($$select release_reminder(tests.user_id('learner-b@test.local'), current_date)$$, '42501', null,
  'a learner cannot release reminders');
select tests.authenticate_anon();
select throws_ok($$select * from claim_reminders()$$, '42501', null, 'anonymous visitors cannot claim reminders');
select tests.clear_authentication();
update user_vocabulary_progress set due = '2026-12-01 12:00Z'
where user_id = tests.user_id('learner-a@test.local');
update profiles set reminder_hour = 18 where user_id = tests.user_id('learner-b@test.local');
select tests.authenticate_service();
-- Berlin is UTC+1 in December: 16:59Z is 17:59 local, before the hour.
select is((select count(*)::int from claim_reminders('2026-12-01 16:59Z')), 0, 'no reminder before the chosen local hour');
select results_eq($$select email, language::text, due_count, local_date from claim_reminders('2026-12-01 17:05Z')$$,
  $$values ('learner-a@test.local', 'en', 1, '2026-12-01'::date)$$,
  'at 18:05 local the learner with words due is claimed (B, nothing due, is not)');
select is((select count(*)::int from claim_reminders('2026-12-01 20:00Z')), 0, 'at most one reminder per local day');
select is((select count(*)::int from claim_reminders('2026-12-02 17:30Z')), 1, 'and again the next day');
select release_reminder(tests.user_id('learner-a@test.local'), '2026-12-02');
select is((select count(*)::int from claim_reminders('2026-12-02 17:40Z')), 1, 'a released reminder (mail failed) is claimed again');

-- Unsubscribe ---------------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is(unsubscribe_reminders(gen_random_uuid()), false, 'a forged token unsubscribes nobody');
select is((select count(*)::int from profiles p where p.reminder_hour is not null), 0,
  'anonymous visitors still read no profile');
select tests.clear_authentication();
select is((select count(*)::int from profiles where reminder_hour is not null and user_id in
  (tests.user_id('learner-a@test.local'), tests.user_id('learner-b@test.local'))), 2, 'both reminders still on after the forged token');
-- The token as the e-mail carries it.
create temporary table mailed_token on commit drop as
select reminder_unsubscribe_token as token from profiles where user_id = tests.user_id('learner-a@test.local');
grant select on mailed_token to anon;
select tests.authenticate_anon();
select is(unsubscribe_reminders((select token from mailed_token)), true, 'the e-mail''s token unsubscribes without signing in');
select tests.clear_authentication();
select results_eq($$select reminder_hour from profiles where user_id in (tests.user_id('learner-a@test.local'), tests.user_id('learner-b@test.local')) order by name$$,
  $$values (null::smallint), (18::smallint)$$, 'only the token''s learner is unsubscribed');

-- Achievements ---------------------------------------------------------------------------------------------
select results_eq($$select achievement::text from user_achievements where user_id = tests.user_id('learner-a@test.local')$$,
  $$values ('first_lesson')$$, 'A''s completed lesson earned first_lesson (awarded from the data)');
select tests.authenticate_as('learner-b@test.local');
select throws_ok($$insert into user_achievements (user_id, achievement) values (tests.user_id('learner-b@test.local'), 'ten_lessons')$$,
  '42501', null, 'a learner cannot grant themselves an achievement');
select is((select count(*)::int from user_achievements), 0, 'learner B reads none of A''s achievements');
select throws_ok($$select award_achievements(tests.user_id('learner-b@test.local'), now())$$, '42501', null,
  'a learner cannot call the awarding procedure');
select tests.clear_authentication();
update profiles set daily_goal = 10 where user_id = tests.user_id('learner-b@test.local');
-- 100 different words answered right earn words_100; a streak of 7 goal days earns streak_7.
insert into lesson_vocabulary (id, lesson_id, word_hu, word_en)
select ('00000901-0000-0000-0000-' || lpad(n::text, 12, '0'))::uuid, '11111111-1111-1111-1111-111111111111', 'szó' || n, 'word ' || n
from generate_series(1, 100) n;
insert into review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct, reviewed_at)
select tests.user_id('learner-b@test.local'), ('00000901-0000-0000-0000-' || lpad(n::text, 12, '0'))::uuid, 3, 0, now(), 0, 0, true,
       now() - ((n % 7) || ' days')::interval
from generate_series(1, 100) n;
select tests.authenticate_as('learner-b@test.local');
select results_eq($$select achievement::text from user_achievements order by 1$$,
  $$values ('streak_7'), ('words_100')$$, 'learner B earned words_100 and streak_7 from recorded answers (and no first lesson)');

select * from finish();
rollback;
