-- An admin who has enrolled a second factor is an admin only in a session that proved it (aal2):
-- with a password alone (aal1) the account is treated as a learner, for writes and reads, by
-- every policy and procedure, because they all ask public.is_admin(). Supabase's documented
-- pattern for "MFA for users who enrolled": the JWT's aal claim against auth.mfa_factors.
-- An admin without a verified factor is unaffected.

-- True when the caller's session is as strong as their factors ask: aal2, or no verified factor.
create or replace function public.admin_assurance_satisfied() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
$$;
revoke all on function public.admin_assurance_satisfied() from public, anon, authenticated, service_role;

-- is_admin(): the caller holds the admin role and, having a second factor, used it.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin'
  ) and public.admin_assurance_satisfied()
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
