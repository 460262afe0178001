-- Schema-wide, over what the project owns (so the file passes unchanged on hosted, whose auth and
-- storage schemas hold tables of GoTrue and Storage that the project does not manage): row level
-- security is on for every table of public and for the storage tables the project's policies
-- protect, every public table has at least one policy, and policy names are sentences.
begin;
select plan(4);

select is(
  array(
    select format('%I.%I', n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
    order by 1
  ),
  array[]::text[],
  'RLS is enabled on every table of public'
);

-- A storage table with a policy but RLS off would drop out of this list.
select is(
  array(
    select distinct format('%I.%I', p.schemaname, p.tablename)
    from pg_policies p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.schemaname = 'storage' and c.relrowsecurity
    order by 1
  ),
  array['storage.buckets', 'storage.objects'],
  'RLS is enabled on the storage tables the project''s policies protect (buckets and objects)'
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
