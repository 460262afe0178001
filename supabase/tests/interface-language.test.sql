-- The learner's interface language on the profile (issue 29 point 6): taken from the sign-up
-- metadata (`language`), following later changes of it, only en/de/es; read like the rest of the
-- profile (the learner and admins), written by nobody else. Own users; runs on a seeded database.
begin;
select plan(9);
select tests.share_tap();

insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
values ('00000000-0000-4000-8000-00000000de01', 'authenticated', 'authenticated', 'il-de@test.local',
        '{"name": "Dora", "language": "de"}', '{"provider":"email","providers":["email"]}', now(), now()),
       ('00000000-0000-4000-8000-00000000f701', 'authenticated', 'authenticated', 'il-fr@test.local',
        '{"name": "Fanny", "language": "fr"}', '{"provider":"email","providers":["email"]}', now(), now());

select is((select interface_language from profiles where user_id = '00000000-0000-4000-8000-00000000de01'), 'de',
  'a sign-up in German gives the profile its language');
select is((select interface_language from profiles where user_id = '00000000-0000-4000-8000-00000000f701'), null,
  'a language the product does not speak is not stored');

update auth.users set raw_user_meta_data = raw_user_meta_data || '{"language": "es"}'
where id = '00000000-0000-4000-8000-00000000de01';
select is((select interface_language from profiles where user_id = '00000000-0000-4000-8000-00000000de01'), 'es',
  'switching the language (the metadata) moves the profile along');
update auth.users set raw_user_meta_data = raw_user_meta_data || '{"language": "xx", "level": "A1"}'
where id = '00000000-0000-4000-8000-00000000de01';
select is((select interface_language from profiles where user_id = '00000000-0000-4000-8000-00000000de01'), 'es',
  'an unknown language keeps the last one');
select throws_ok($$update profiles set interface_language = 'fr' where user_id = '00000000-0000-4000-8000-00000000de01'$$,
  '22P02', null, 'the column holds en, de or es only (the language_code enum)');

select tests.authenticate_as('il-de@test.local');
select is((select interface_language from profiles where user_id = '00000000-0000-4000-8000-00000000de01'), 'es',
  'the learner reads their language');
select tests.authenticate_as('il-fr@test.local');
select is((select count(*)::int from profiles where user_id = '00000000-0000-4000-8000-00000000de01'), 0,
  'another learner cannot read it');
select is(tests.affected($$update profiles set interface_language = 'en' where user_id = '00000000-0000-4000-8000-00000000de01'$$), 0,
  'nor change it');
select tests.authenticate_anon();
select is((select count(*)::int from profiles where interface_language is not null), 0, 'anon reads no profile');

select * from finish();
rollback;
