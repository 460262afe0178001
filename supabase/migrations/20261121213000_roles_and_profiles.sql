-- Roles, profiles and the helpers every later migration uses.
-- Authorization helpers are security definer with a pinned search_path and granted explicitly.

-- updated_at maintenance ---------------------------------------------------------------------
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- IANA zone check for profiles.time_zone. Declared stable: the zone list only changes with a
-- tzdata upgrade, and an existing row stays valid then (Postgres keeps old zone aliases).
create or replace function public.is_valid_time_zone(_zone text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names where name = _zone)
$$;

-- user_roles -----------------------------------------------------------------------------------
-- One row per user, so "read role by user_id" is a single row (maybeSingle-safe).
create table public.user_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text not null default 'user',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_roles_role_check check (role in ('admin', 'user'))
);
create index user_roles_admin_idx on public.user_roles (user_id) where role = 'admin';
create trigger user_roles_set_updated_at before update on public.user_roles
  for each row execute function public.set_updated_at();

-- is_admin(): the caller (auth.uid() of the request JWT) holds the admin role.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin'
  )
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

alter table public.user_roles enable row level security;

create policy "Users read their own role" on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read every role" on public.user_roles
  for select to authenticated
  using ((select public.is_admin()));
create policy "Admins grant roles" on public.user_roles
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change roles" on public.user_roles
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins revoke roles" on public.user_roles
  for delete to authenticated
  using ((select public.is_admin()));

-- profiles -------------------------------------------------------------------------------------
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  name text,
  time_zone text not null default 'UTC',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_name_check check (
    name is null or (char_length(btrim(name)) between 1 and 100 and name = normalize(name, NFC))
  ),
  constraint profiles_time_zone_check check (public.is_valid_time_zone(time_zone))
);
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

alter table public.profiles enable row level security;

create policy "Learners read their own profile" on public.profiles
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Learners create their own profile" on public.profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Learners update their own profile" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Admins read every profile" on public.profiles
  for select to authenticated
  using ((select public.is_admin()));

-- New auth users get a profile (name from the sign-up metadata) and the 'user' role.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  _name text := nullif(
    btrim(coalesce(new.raw_user_meta_data ->> 'name', new.raw_user_meta_data ->> 'full_name')),
    ''
  );
begin
  insert into public.profiles (user_id, name)
  values (new.id, left(normalize(_name, NFC), 100))
  on conflict (user_id) do nothing;
  insert into public.user_roles (user_id, role)
  values (new.id, 'user')
  on conflict (user_id) do nothing;
  return new;
end
$$;
revoke all on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
