-- The learner's interface language joins the closed set of languages (DESIGN §13.1): the
-- profile's interface_language is public.language_code, like meaning_language, instead of a text
-- column with its own copy of the list. (The column came from the learner's-day branch, the enum
-- from the hosted branch; this migration joins them.)

alter table public.profiles drop constraint profiles_interface_language_check;

-- The metadata's language when it is one of the interface languages, else null. plpgsql bodies
-- that call it (handle_new_user, follow_interface_language) are not tracked as dependencies, so
-- the function is dropped and made again with the enum as its type.
drop function public.interface_language_of(jsonb);
create function public.interface_language_of(_metadata jsonb) returns public.language_code
language sql immutable
set search_path = ''
as $$
  select l.code
  from unnest(enum_range(null::public.language_code)) as l (code)
  where l.code::text = _metadata ->> 'language'
$$;
revoke all on function public.interface_language_of(jsonb) from public, anon, authenticated;

alter table public.profiles
  alter column interface_language type public.language_code
  using interface_language::public.language_code;

-- A change of the metadata's language (the learner switched language) reaches the profile.
create or replace function public.follow_interface_language() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  _language public.language_code := public.interface_language_of(new.raw_user_meta_data);
begin
  if _language is not null
     and _language is distinct from public.interface_language_of(old.raw_user_meta_data) then
    update public.profiles set interface_language = _language where user_id = new.id;
  end if;
  return new;
end
$$;
revoke all on function public.follow_interface_language() from public, anon, authenticated;
