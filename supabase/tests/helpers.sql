-- Helpers for the pgTAP files (loaded once by run.mjs, never deployed). Test users are created
-- through auth.users so the profile/role trigger runs as in production; roles are simulated the
-- way PostgREST does it: a local role plus request.jwt.claims, inside the test's transaction.
-- The database holds seed.sql's content too (as after `supabase db reset`), and the tests run as
-- hosted's postgres (not a superuser): fixtures use lesson numbers and tourist pack positions
-- from 900 up, and counts that the seed would change are scoped to the test's own rows.
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- Creates an auth user (the trigger adds profile and 'user' role); returns its id.
create or replace function tests.create_user(_email text, _name text default null, _admin boolean default false)
returns uuid
language plpgsql
as $$
declare
  _id uuid := gen_random_uuid();
begin
  insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
  values (_id, 'authenticated', 'authenticated', _email,
          case when _name is null then '{}'::jsonb else jsonb_build_object('name', _name) end,
          '{"provider":"email","providers":["email"]}', now(), now());
  if _admin then
    update public.user_roles set role = 'admin' where user_id = _id;
  end if;
  return _id;
end
$$;

create or replace function tests.user_id(_email text) returns uuid
language sql stable security definer
set search_path = ''
as $$ select id from auth.users where email = _email $$;
grant execute on function tests.user_id(text) to anon, authenticated, service_role;

-- Act as a signed-in user for the rest of the transaction.
create or replace function tests.authenticate_as(_email text) returns void
language plpgsql
as $$
declare
  _id uuid := tests.user_id(_email);
begin
  if _id is null then
    raise exception 'no test user %', _email;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', _id, 'role', 'authenticated', 'email', _email, 'aud', 'authenticated')::text, true);
end
$$;

-- Act as a visitor holding only the anon key.
create or replace function tests.authenticate_anon() returns void
language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role":"anon"}', true);
end
$$;

-- Act as the service role (bypasses RLS).
create or replace function tests.authenticate_service() returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
end
$$;

-- Back to the superuser running the test.
create or replace function tests.clear_authentication() returns void
language plpgsql
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

-- pgTAP keeps its counters in temp tables owned by the session user; let the simulated roles
-- write to them. Call right after plan().
create or replace function tests.share_tap() returns void
language plpgsql
as $$
declare
  _rel record;
begin
  for _rel in
    select c.oid::regclass as name, c.relkind from pg_class c
    where c.relnamespace = pg_my_temp_schema() and c.relkind in ('r', 'S')
  loop
    if _rel.relkind = 'S' then
      execute format('grant all on sequence %s to anon, authenticated, service_role', _rel.name);
    else
      execute format('grant all on %s to anon, authenticated, service_role', _rel.name);
    end if;
  end loop;
end
$$;

-- True for a lesson the tests made (number 900 or above; the seed's are below). Reads past RLS,
-- so a count scoped with it still sees a row RLS wrongly lets through.
create or replace function tests.is_test_lesson(_lesson_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$ select coalesce((select lesson_number >= 900 from public.lessons where id = _lesson_id), false) $$;
grant execute on function tests.is_test_lesson(uuid) to anon, authenticated, service_role;

-- Row count of a statement run the way the Storage API runs its deletes, as the current role.
-- Hosted's trigger protect_objects_delete refuses any DELETE on storage.objects or
-- storage.buckets unless storage.allow_delete_query is set, which the Storage API does for each
-- request (and the embedded one too); RLS then decides which rows go.
create or replace function tests.affected_by_storage_api(_sql text) returns integer
language plpgsql
as $$
declare
  _n integer;
begin
  perform set_config('storage.allow_delete_query', 'true', true);
  execute _sql;
  get diagnostics _n = row_count;
  perform set_config('storage.allow_delete_query', 'false', true);
  return _n;
end
$$;
grant execute on function tests.affected_by_storage_api(text) to anon, authenticated, service_role;

-- Row count a statement affects or returns, as the current role (for update/delete checks).
create or replace function tests.affected(_sql text) returns integer
language plpgsql
as $$
declare
  _n integer;
begin
  execute _sql;
  get diagnostics _n = row_count;
  return _n;
end
$$;
grant execute on function tests.affected(text) to anon, authenticated, service_role;

-- The shared fixture: learner A, learner B, an admin; a published lesson (901) and a draft (902),
-- each with a transcript line and a word; progress, a review, a session and feedback for A and B;
-- two tourist pack words (positions 901, 902) and an object in each lesson bucket (under l1/).
create or replace function tests.seed_fixture() returns void
language plpgsql
as $$
declare
  _a uuid := tests.create_user('learner-a@test.local', 'Anna Learner');
  _b uuid := tests.create_user('learner-b@test.local', 'Bence Learner');
  _admin uuid := tests.create_user('admin@test.local', 'Admin', true);
begin
  insert into public.lessons (id, lesson_number, title, level, is_published, created_by)
  values ('11111111-1111-1111-1111-111111111111', 901, 'Első lecke', 'beginner', true, _admin),
         ('22222222-2222-2222-2222-222222222222', 902, 'Második lecke', 'beginner', false, _admin);
  insert into public.lesson_transcript (lesson_id, line_number, speaker, text_content, start_time, end_time)
  values ('11111111-1111-1111-1111-111111111111', 1, 'anna', 'Szia, Bence!', 0, 2),
         ('22222222-2222-2222-2222-222222222222', 1, 'bence', 'Jó reggelt!', 0, 2);
  insert into public.lesson_vocabulary (id, lesson_id, word_hu, word_en, difficulty)
  values ('11111111-0000-0000-0000-000000000001', '11111111-1111-1111-1111-111111111111', 'szia', 'hi', 'beginner'),
         ('22222222-0000-0000-0000-000000000001', '22222222-2222-2222-2222-222222222222', 'reggel', 'morning', 'beginner');
  insert into public.user_lesson_progress (user_id, lesson_id, audio_completed, is_completed, flashcard_accuracy)
  values (_a, '11111111-1111-1111-1111-111111111111', true, true, 90),
         (_b, '11111111-1111-1111-1111-111111111111', true, false, null);
  -- Completing lesson 1 queued A's word already (trigger); record the answers on it.
  insert into public.user_vocabulary_progress (user_id, vocabulary_id, times_seen, times_correct)
  values (_a, '11111111-0000-0000-0000-000000000001', 2, 1),
         (_b, '11111111-0000-0000-0000-000000000001', 1, 1)
  on conflict (user_id, vocabulary_id, skill) do update
    set times_seen = excluded.times_seen, times_correct = excluded.times_correct, due = now();
  insert into public.review_log (user_id, vocabulary_id, rating, state, due, stability, difficulty, was_correct)
  values (_a, '11111111-0000-0000-0000-000000000001', 3, 0, now(), 0, 0, true),
         (_b, '11111111-0000-0000-0000-000000000001', 1, 0, now(), 0, 0, false);
  insert into public.flashcard_sessions (user_id, total_cards, correct_answers, accuracy, session_completed)
  values (_a, 10, 9, 90, true), (_b, 10, 5, 50, true);
  insert into public.user_feedback (user_id, feedback_type, title, description)
  values (_a, 'bug', 'A bug', 'Something broke'), (_b, 'feature', 'An idea', 'Please add');
  insert into public.lesson_qa_reviews (lesson_id, qa_notes, reviewed_by)
  values ('11111111-1111-1111-1111-111111111111', 'Looks good', _admin);
  insert into public.lesson_files (lesson_id, file_name, file_path, file_type, bucket_id, uploaded_by)
  values ('11111111-1111-1111-1111-111111111111', 'lesson.mp3', 'l1/lesson.mp3', 'audio', 'lesson-audio', _admin);
  insert into public.tourist_pack_words (position, word_hu, word_en) values (901, 'Szia', 'hi'), (902, 'kávé', 'coffee');
  insert into storage.objects (bucket_id, name, owner) values
    ('lesson-audio', 'l1/lesson.mp3', _admin), ('lesson-images', 'l1/cover.png', _admin),
    ('lesson-video', 'l1/intro.mp4', _admin), ('lesson-documents', 'l1/transcript.csv', _admin);
end
$$;

-- Act as a signed-in user whose session has the given assurance level (the JWT's aal claim).
create or replace function tests.authenticate_at(_email text, _aal text) returns void
language plpgsql
as $$
begin
  perform tests.authenticate_as(_email);
  perform set_config('request.jwt.claims',
    (current_setting('request.jwt.claims')::jsonb || jsonb_build_object('aal', _aal))::text, true);
end
$$;
grant execute on function tests.authenticate_at(text, text) to anon, authenticated, service_role;

-- Gives a user a TOTP factor, verified or not (as GoTrue stores it after POST /factors/…/verify).
create or replace function tests.add_factor(_email text, _verified boolean default true) returns uuid
language plpgsql
as $$
declare
  _id uuid := gen_random_uuid();
begin
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
  values (_id, tests.user_id(_email), 'Test factor ' || _id::text, 'totp',
          case when _verified then 'verified' else 'unverified' end::auth.factor_status,
          now(), now(), 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  return _id;
end
$$;
