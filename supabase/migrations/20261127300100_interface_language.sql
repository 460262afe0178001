-- The learner's interface language on the profile (DESIGN.md §12.2, issue 29 point 6), so what
-- the server sends (auth e-mails now, reminders later) is in their language. The web keeps it in
-- the user metadata (`language`: en, de or es) from sign-up on, where hosted Supabase's e-mail
-- templates read it as `.Data.language`; the profile follows the metadata here, so there is one
-- source and the database can read it. Null: not known (English).

alter table public.profiles
  add column interface_language text,
  add constraint profiles_interface_language_check check (
    interface_language is null or interface_language in ('en', 'de', 'es')
  );

/** The metadata's language when it is one of the interface languages, else null. */
create function public.interface_language_of(_metadata jsonb) returns text
language sql immutable
set search_path = ''
as $$
  select case when _metadata ->> 'language' in ('en', 'de', 'es') then _metadata ->> 'language' end
$$;
revoke all on function public.interface_language_of(jsonb) from public, anon, authenticated;

-- New auth users get a profile (name and interface language from the sign-up metadata) and the
-- 'user' role.
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
  insert into public.profiles (user_id, name, interface_language)
  values (
    new.id,
    left(normalize(_name, NFC), 100),
    public.interface_language_of(new.raw_user_meta_data)
  )
  on conflict (user_id) do nothing;
  insert into public.user_roles (user_id, role)
  values (new.id, 'user')
  on conflict (user_id) do nothing;
  return new;
end
$$;
revoke all on function public.handle_new_user() from public, anon, authenticated;

-- A change of the metadata's language (the learner switched language) reaches the profile.
create function public.follow_interface_language() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  _language text := public.interface_language_of(new.raw_user_meta_data);
begin
  if _language is not null
     and _language is distinct from public.interface_language_of(old.raw_user_meta_data) then
    update public.profiles set interface_language = _language where user_id = new.id;
  end if;
  return new;
end
$$;
revoke all on function public.follow_interface_language() from public, anon, authenticated;

create trigger on_auth_user_language_changed after update of raw_user_meta_data on auth.users
  for each row execute function public.follow_interface_language();

update public.profiles p
set interface_language = public.interface_language_of(u.raw_user_meta_data)
from auth.users u
where u.id = p.user_id and public.interface_language_of(u.raw_user_meta_data) is not null;
