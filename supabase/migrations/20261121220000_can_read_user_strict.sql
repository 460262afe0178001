-- can_read_user() returned NULL (not false) for callers without a user id, so procedures that
-- test `if not can_read_user(...)` let anonymous callers through. Always answer true or false.
create or replace function public.can_read_user(_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    _user_id is not null and (
      _user_id = (select auth.uid())
      or (select public.is_admin())
      or coalesce((select auth.role()), '') = 'service_role'
    ),
    false
  )
$$;
