-- Multi-factor authentication tables as GoTrue creates them (migrations 20221003041349,
-- 20221011041400, 20230914180801, 20240729123726, 20240802193726, 20241009103726,
-- 20250925093508): TOTP factors and their challenges. Like the rest of auth: RLS on, no grants to
-- the API roles, owned by supabase_auth_admin, readable by postgres (hosted grants it select with
-- grant option, so `security definer` helpers owned by postgres may read auth.mfa_factors).
-- Idempotent: it also runs on data directories made before it existed.

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'factor_type'
  ) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'factor_status'
  ) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

-- The embedded backend's own record (hosted has none): the last TOTP time step accepted for a
-- factor, so that a code is accepted once (RFC 6238 §5.2). Hosted GoTrue accepts a code again in
-- a new challenge within its ±30 s window; the README's backend table lists the difference.
create table if not exists auth.mfa_totp_used_steps (
  factor_id uuid not null primary key references auth.mfa_factors (id) on delete cascade,
  last_step bigint not null
);

alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_totp_used_steps enable row level security;
revoke all on auth.mfa_factors, auth.mfa_challenges, auth.mfa_totp_used_steps
  from anon, authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    alter table auth.mfa_factors owner to supabase_auth_admin;
    alter table auth.mfa_challenges owner to supabase_auth_admin;
    alter table auth.mfa_totp_used_steps owner to supabase_auth_admin;
    alter type auth.factor_type owner to supabase_auth_admin;
    alter type auth.factor_status owner to supabase_auth_admin;
  end if;
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    grant all on auth.mfa_factors, auth.mfa_challenges, auth.mfa_totp_used_steps to postgres;
    grant select on auth.mfa_factors, auth.mfa_challenges to postgres with grant option;
  end if;
end
$$;
