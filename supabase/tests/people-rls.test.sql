-- profiles, user_roles and user_feedback; the auth.users trigger.
begin;
select plan(38);
select tests.share_tap();
select tests.seed_fixture();

-- trigger ----------------------------------------------------------------------------------------
select is((select name from profiles where user_id = tests.user_id('learner-a@test.local')), 'Anna Learner', 'sign-up creates the profile with the name from the metadata');
select is((select time_zone from profiles where user_id = tests.user_id('learner-a@test.local')), 'UTC', 'the time zone defaults to UTC');
select is((select role from user_roles where user_id = tests.user_id('learner-a@test.local')), 'user', 'sign-up grants the user role');
insert into auth.users (id, email, raw_user_meta_data) values ('44444444-4444-4444-4444-444444444444', 'full@test.local', '{"full_name":"Kovács Ödön"}');
select is((select name from profiles where user_id = '44444444-4444-4444-4444-444444444444'), 'Kovács Ödön', 'full_name is used when name is missing');
insert into auth.users (id, email) values ('55555555-5555-5555-5555-555555555555', 'nometa@test.local');
select is((select count(*)::int from profiles where user_id = '55555555-5555-5555-5555-555555555555' and name is null), 1, 'a user without metadata gets a profile without a name');

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is((select count(*)::int from profiles), 0, 'anon reads no profiles');
select is((select count(*)::int from user_roles), 0, 'anon reads no roles');
select is((select count(*)::int from user_feedback), 0, 'anon reads no feedback');
select throws_ok($$insert into user_feedback (user_id, title, description) values (tests.user_id('learner-a@test.local'), 't', 'd')$$, '42501', null, 'anon cannot send feedback');
select throws_ok($$insert into user_roles (user_id, role) values ('55555555-5555-5555-5555-555555555555', 'admin')$$, '42501', null, 'anon cannot grant roles');

-- learner A ------------------------------------------------------------------------------------
select tests.authenticate_as('learner-a@test.local');
select is((select count(*)::int from profiles), 1, 'learner A reads only their own profile');
select is(tests.affected($$update profiles set name = 'Anna' where user_id = tests.user_id('learner-a@test.local')$$), 1, 'learner A saves their name');
select is(tests.affected($$update profiles set time_zone = 'Europe/Budapest'$$), 1, 'learner A sets their time zone');
select throws_ok($$update profiles set time_zone = 'Mars/Olympus'$$, '23514', null, 'time zones must be IANA names');
select is(tests.affected($$update profiles set name = 'Hacked' where user_id = tests.user_id('learner-b@test.local')$$), 0, 'learner A cannot rename learner B');
select throws_ok($$insert into profiles (user_id, name) values (tests.user_id('learner-b@test.local'), 'x')$$, '42501', null, 'learner A cannot create a profile for learner B');
select is((select count(*)::int from user_roles), 1, 'learner A reads only their own role');
select is(tests.affected($$update user_roles set role = 'admin'$$), 0, 'learner A cannot make themselves admin');
select throws_ok($$insert into user_roles (user_id, role) values ('55555555-5555-5555-5555-555555555555', 'admin')$$, '42501', null, 'learner A cannot grant roles');
select is(tests.affected($$delete from user_roles$$), 0, 'learner A cannot delete their role');
select ok(not is_admin(), 'is_admin() is false for a learner');
select lives_ok($$insert into user_feedback (feedback_type, title, description, page_url, user_agent) values ('general', 'Hello', 'Nice app', '/dashboard', 'test')$$, 'learner A sends feedback');
select throws_ok($$insert into user_feedback (feedback_type, title, description, status) values ('bug', 'x', 'y', 'resolved')$$, '42501', null, 'learner A cannot file feedback with a status other than new');
select throws_ok($$insert into user_feedback (user_id, title, description) values (tests.user_id('learner-b@test.local'), 'x', 'y')$$, '42501', null, 'learner A cannot send feedback as learner B');
select is((select count(*)::int from user_feedback), 2, 'learner A reads only their own feedback');
select is(tests.affected($$update user_feedback set status = 'closed'$$), 0, 'learner A cannot change feedback status');
select throws_ok($$insert into user_feedback (feedback_type, title, description) values ('praise', 'x', 'y')$$, '22P02', 'invalid input value for enum feedback_type: "praise"', 'feedback types are bug, feature, content, general, others (the feedback_type enum)');
select throws_ok($$insert into user_feedback (title, description) values (repeat('x', 101), 'y')$$, '23514', null, 'feedback titles are at most 100 characters');
select throws_ok($$insert into user_feedback (title, description) values ('x', repeat('y', 1001))$$, '23514', null, 'feedback descriptions are at most 1000 characters');

-- learner B ------------------------------------------------------------------------------------
select tests.authenticate_as('learner-b@test.local');
select is((select count(*)::int from user_feedback), 1, 'learner B reads only their own feedback');
select is((select count(*)::int from profiles), 1, 'learner B reads only their own profile');

-- admin ----------------------------------------------------------------------------------------
select tests.authenticate_as('admin@test.local');
select ok(is_admin(), 'is_admin() is true for an admin');
select is((select count(*)::int from profiles), 5, 'admin reads every profile');
select is((select count(*)::int from user_feedback), 3, 'admin reads all feedback');
select is(tests.affected($$update user_feedback set status = 'reviewing' where feedback_type = 'bug'$$), 1, 'admin changes feedback status');
select throws_ok($$update user_feedback set status = 'done'$$, '22P02', 'invalid input value for enum feedback_status: "done"', 'feedback status is new, reviewing, resolved or closed (the feedback_status enum)');
select is(tests.affected($$update user_roles set role = 'admin' where user_id = tests.user_id('learner-b@test.local')$$), 1, 'admin promotes a learner');
select is((select count(*)::int from user_roles), 5, 'admin reads every role');

select * from finish();
rollback;
