-- What the app relies on from hosted Supabase's own setup, which the embedded backend's platform
-- SQL (supabase/local/sql/platform/0006_hosted_parity.sql) reproduces: the roles (postgres not a
-- superuser but bypassing RLS and able to act as the API roles, which inherit), the Storage
-- tables owned by Storage's role, objects.updated_at kept by a trigger, and no DELETE on storage
-- tables except through the Storage API (storage.allow_delete_query).
begin;
select plan(16);
select tests.share_tap();
select tests.seed_fixture();

-- roles ------------------------------------------------------------------------------------------
select is(current_user::text, 'postgres', 'the tests run as postgres');
select ok(not (select rolsuper from pg_roles where rolname = 'postgres'), 'postgres is not a superuser');
select ok((select rolbypassrls from pg_roles where rolname = 'postgres'), 'postgres bypasses row level security');
select ok(pg_has_role('postgres', 'authenticated', 'member') and pg_has_role('postgres', 'anon', 'member') and pg_has_role('postgres', 'service_role', 'member'), 'postgres may act as anon, authenticated and service_role');
select is(array(select rolname::text from pg_roles where rolname in ('anon', 'authenticated', 'service_role') and rolinherit order by 1), array['anon', 'authenticated', 'service_role'], 'the API roles inherit');
select is((select tableowner::text from pg_tables where schemaname = 'storage' and tablename = 'objects'), 'supabase_storage_admin', 'Storage''s role owns storage.objects');

-- storage delete protection ----------------------------------------------------------------------
select has_trigger('storage', 'objects', 'protect_objects_delete', 'storage.objects has the delete protection trigger');
select has_trigger('storage', 'buckets', 'protect_buckets_delete', 'storage.buckets has the delete protection trigger');
select throws_ok($$delete from storage.objects where name = 'l1/intro.mp4'$$, '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.', 'postgres cannot delete an object directly');
select throws_ok($$delete from storage.buckets where id = 'lesson-video'$$, '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.', 'postgres cannot delete a bucket directly');
select tests.authenticate_as('admin@test.local');
select throws_ok($$delete from storage.objects where name = 'l1/intro.mp4'$$, '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.', 'an admin cannot delete an object directly either');
select is(tests.affected_by_storage_api($$delete from storage.objects where name = 'l1/intro.mp4'$$), 1, 'through the Storage API the admin deletes it');
select tests.clear_authentication();
select is((select count(*)::int from storage.objects where name = 'l1/intro.mp4'), 0, 'the object is gone');

-- triggers -----------------------------------------------------------------------------------------
update storage.objects set updated_at = '2000-01-01', metadata = '{"size": 1}' where name = 'l1/cover.png';
select is((select updated_at from storage.objects where name = 'l1/cover.png'), now(), 'updating an object sets its updated_at');
select throws_ok(format($$insert into storage.buckets (id, name) values (%L, %L)$$, repeat('b', 101), repeat('b', 101)), 'P0001', null, 'bucket names are at most 100 characters');
select has_trigger('storage', 'objects', 'update_objects_updated_at', 'storage.objects has the updated_at trigger');

select * from finish();
rollback;
