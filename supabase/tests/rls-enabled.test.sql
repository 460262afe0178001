-- Schema-wide: row level security is on for every table of public, storage and auth, every
-- public table has at least one policy, and policy names are sentences.
begin;
select plan(4);

select is(
  array(
    select format('%I.%I', n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p') and not c.relrowsecurity
    order by 1
  ),
  array[]::text[],
  'RLS is enabled on every table of public and storage'
);

select is(
  array(
    select format('%I.%I', n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'auth' and c.relkind in ('r', 'p') and not c.relrowsecurity
    order by 1
  ),
  array[]::text[],
  'RLS is enabled on every table of auth'
);

select is(
  array(
    select format('%I.%I', n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname)
    order by 1
  ),
  array[]::text[],
  'every public table has at least one policy'
);

select is(
  array(
    select format('%s.%s: %s', schemaname, tablename, policyname) from pg_policies
    where schemaname in ('public', 'storage') and policyname !~ '^[A-Z][a-z]+( [^ ]+)+$'
    order by 1
  ),
  array[]::text[],
  'policy names are plain sentences'
);

select * from finish();
rollback;
