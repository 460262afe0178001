-- Admins with a second factor act as admins only at aal2 ("Second factor" in the baseline
-- migration): is_admin(), and through it every admin policy and procedure. Fixture lessons
-- 901/902 (seed_fixture) and 903–906 (written here); the seed's own lessons are below 900.
begin;
select plan(31);
select tests.share_tap();
select tests.seed_fixture();
select from tests.create_user('admin-mfa@test.local', 'Guarded Admin', true);
select from tests.add_factor('admin-mfa@test.local');
select from tests.create_user('admin-pending@test.local', 'Pending Admin', true);
select from tests.add_factor('admin-pending@test.local', false);
select from tests.add_factor('learner-b@test.local');

-- anonymous ------------------------------------------------------------------------------------
select tests.authenticate_anon();
select is(public.is_admin(), false, 'anon is not admin');
select throws_ok($$insert into lessons (lesson_number, title, level) values (903, 'x', 'beginner')$$, '42501', null, 'anon cannot create a lesson');

-- learners -------------------------------------------------------------------------------------
select tests.authenticate_at('learner-a@test.local', 'aal1');
select is(public.is_admin(), false, 'a learner is not admin');
select throws_ok($$insert into lessons (lesson_number, title, level) values (903, 'x', 'beginner')$$, '42501', null, 'a learner cannot create a lesson');
select tests.authenticate_at('learner-b@test.local', 'aal2');
select is(public.is_admin(), false, 'a learner with a factor at aal2 is still not admin');
select is(tests.affected($$update lessons set title = 'hijacked' where lesson_number = 901$$), 0, 'a learner at aal2 cannot edit a lesson');

-- admin without a factor, aal1 -------------------------------------------------------------------
select tests.authenticate_at('admin@test.local', 'aal1');
select is(public.is_admin(), true, 'an admin without a factor is admin at aal1');
select lives_ok($$insert into lessons (lesson_number, title, level) values (903, 'Admin aal1', 'beginner')$$, 'an admin without a factor creates a lesson at aal1');
select is(tests.affected($$update lessons set title = 'Edited' where lesson_number = 903$$), 1, 'an admin without a factor edits a lesson at aal1');
select tests.authenticate_as('admin@test.local');
select is(public.is_admin(), true, 'a token without an aal claim counts as aal1: admin without a factor');

-- admin with a verified factor, aal1: not admin ----------------------------------------------------
select tests.authenticate_at('admin-mfa@test.local', 'aal1');
select is(public.is_admin(), false, 'an admin with a factor is not admin at aal1');
select throws_ok($$insert into lessons (lesson_number, title, level) values (904, 'x', 'beginner')$$, '42501', null, 'an aal1 admin with a factor cannot create a lesson');
select is(tests.affected($$update lessons set title = 'x' where lesson_number in (901, 902, 903)$$), 0, 'an aal1 admin with a factor cannot edit lessons');
select is(tests.affected($$delete from lesson_vocabulary where lesson_id = '11111111-1111-1111-1111-111111111111'$$), 0, 'an aal1 admin with a factor cannot delete words');
select is((select count(*)::int from lessons where lesson_number = 902), 0, 'an aal1 admin with a factor does not see drafts');
select is(tests.affected($$update user_roles set role = 'admin' where user_id = tests.user_id('learner-a@test.local')$$), 0, 'an aal1 admin with a factor cannot grant roles');
select is(tests.affected($$update user_feedback set status = 'closed'$$), 0, 'an aal1 admin with a factor cannot change feedback');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('lesson-audio', 'l1/aal1.mp3')$$, '42501', null, 'an aal1 admin with a factor cannot upload lesson audio');
select throws_ok($$select * from public.admin_user_progress()$$, '42501', null, 'an aal1 admin with a factor cannot call an admin procedure');
select tests.authenticate_as('admin-mfa@test.local');
select is(public.is_admin(), false, 'a token without an aal claim is aal1: admin with a factor refused');

-- admin with a verified factor, aal2: admin --------------------------------------------------------
select tests.authenticate_at('admin-mfa@test.local', 'aal2');
select is(public.is_admin(), true, 'an admin with a factor is admin at aal2');
select lives_ok($$insert into lessons (lesson_number, title, level) values (904, 'Admin aal2', 'beginner')$$, 'an aal2 admin creates a lesson');
select is(tests.affected($$update lessons set title = 'Edited at aal2' where lesson_number = 904$$), 1, 'an aal2 admin edits a lesson');
select is((select count(*)::int from lessons where lesson_number = 902), 1, 'an aal2 admin sees drafts');
select lives_ok($$insert into storage.objects (bucket_id, name) values ('lesson-audio', 'l1/aal2.mp3')$$, 'an aal2 admin uploads lesson audio');
select lives_ok($$select * from public.admin_user_progress()$$, 'an aal2 admin calls an admin procedure');
select is(tests.affected($$delete from lessons where lesson_number = 904$$), 1, 'an aal2 admin deletes a lesson');

-- admin whose factor is not verified yet: still an ordinary admin --------------------------------
select tests.authenticate_at('admin-pending@test.local', 'aal1');
select is(public.is_admin(), true, 'an admin with only an unverified factor is admin at aal1');
select lives_ok($$insert into lessons (lesson_number, title, level) values (905, 'Pending', 'beginner')$$, 'an admin with an unverified factor creates a lesson');

-- the helper is not callable through the API -------------------------------------------------------
select tests.clear_authentication();
select ok(not has_function_privilege('authenticated', 'public.admin_assurance_satisfied()', 'execute'), 'authenticated cannot call admin_assurance_satisfied directly');
select ok(not has_function_privilege('anon', 'public.admin_assurance_satisfied()', 'execute'), 'anon cannot call admin_assurance_satisfied directly');

select * from finish();
rollback;
