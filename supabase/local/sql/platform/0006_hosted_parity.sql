-- What hosted Supabase's own setup adds that the app's behaviour depends on, from supabase/postgres
-- (roles: 00000000000000 initial schema, 10000000000000 demote-postgres, 20220609081115,
-- 20230201083204, 20230306081037, 20230529180330, 20240606060239) and Storage's tenant
-- migrations (0011 updated_at trigger, 0037 bucket name length, 0046/0049 grants, 0055 delete
-- protection). Idempotent: on a fresh database it runs before supabase/migrations, on an existing
-- data directory after them.

-- Storage --------------------------------------------------------------------------------------

-- objects.updated_at follows every update (hosted has no such trigger on buckets: the Storage
-- API sets buckets.updated_at itself, as the embedded one does).
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- No DELETE on storage.objects or storage.buckets except through the Storage API, which sets
-- storage.allow_delete_query for the transaction of each request (so that no row is deleted
-- while its file stays behind). A direct delete, even by an admin through SQL, fails with 42501.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Roles ----------------------------------------------------------------------------------------

-- The API roles inherit the rights of roles granted to them (20230529180330).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

-- GoTrue's and Storage's tables belong to their services' roles, not to postgres.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login noreplication;
  end if;
end
$$;
grant anon, authenticated, service_role to supabase_storage_admin;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;

do $$
declare
  _rel record;
begin
  for _rel in
    select n.nspname, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'p')
  loop
    -- A table's own sequences (bigserial ids) change owner with it.
    execute format('alter table %I.%I owner to %I', _rel.nspname, _rel.relname,
      case when _rel.nspname = 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for _rel in
    select n.nspname, p.oid::regprocedure as signature from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('auth', 'storage')
  loop
    execute format('alter function %s owner to %I', _rel.signature,
      case when _rel.nspname = 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  -- On a cluster shaped like hosted's (bootstrapped as supabase_admin) the schemas are its too.
  if exists (select 1 from pg_roles where rolname = 'supabase_admin' and rolsuper) then
    alter schema auth owner to supabase_admin;
    alter schema storage owner to supabase_admin;
  end if;
end
$$;

-- postgres: the rights hosted's postgres role has (the role `supabase db push`, the SQL editor and
-- `supabase test db` use). Hosted's postgres is not a superuser: supabase_admin bootstraps the
-- cluster and then demotes it to NOSUPERUSER CREATEDB CREATEROLE LOGIN REPLICATION BYPASSRLS.
-- That step belongs to the cluster, not to this file: the pgTAP runner's hosted-shaped cluster
-- (supabase/tests/cluster.mjs) takes it after the platform SQL; the embedded backend connects as
-- the bootstrap superuser, which cannot be demoted.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    return;
  end if;
  grant all on schema auth, storage, extensions to postgres;
  grant all on all tables in schema auth, storage, extensions to postgres;
  grant all on all sequences in schema auth, storage, extensions to postgres;
  grant all on all routines in schema auth, storage, extensions to postgres;
  grant all on storage.buckets, storage.objects to postgres with grant option;
  grant usage on schema public to postgres;
  grant anon, authenticated, service_role to postgres;
  grant supabase_auth_admin, supabase_storage_admin to postgres;
  grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
end
$$;
