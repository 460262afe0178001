-- Feedback is limited per learner (issue 10 point 4): one learner sent 7,938 messages in 10 s.
-- A learner may send 10 messages a minute; the 11th is refused with PT429 (HTTP 429) and the
-- feedback dialog says to wait. The count runs under an advisory lock per learner, so
-- concurrent inserts on PostgreSQL cannot all see 9 and pass together; rows inserted earlier in
-- the same statement count too (a row-level BEFORE trigger sees them). created_at is the
-- server's time for learners, so a back-dated row cannot slip past the window. The service
-- role and the database owner (seed, admin scripts) are not limited.

alter table public.user_feedback
  add constraint user_feedback_page_url_check check (page_url is null or char_length(page_url) <= 2048) not valid,
  add constraint user_feedback_user_agent_check check (user_agent is null or char_length(user_agent) <= 512) not valid;

create index user_feedback_user_created_idx on public.user_feedback (user_id, created_at);

create or replace function public.limit_feedback_rate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  _recent integer;
begin
  if coalesce((select auth.role()), '') <> 'authenticated' then
    return new;
  end if;
  new.created_at := now();
  new.updated_at := now();
  -- Someone else's user_id: RLS refuses the row after this trigger; do not count for them.
  if new.user_id is distinct from (select auth.uid()) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('feedback:' || new.user_id, 0));
  select count(*)::integer into _recent
  from public.user_feedback f
  where f.user_id = new.user_id and f.created_at > now() - interval '1 minute';
  if _recent >= 10 then
    raise exception 'feedback limit reached: at most 10 messages a minute; try again in a minute'
      using errcode = 'PT429';
  end if;
  return new;
end
$$;
revoke all on function public.limit_feedback_rate() from public, anon, authenticated;

create trigger user_feedback_limit_rate before insert on public.user_feedback
  for each row execute function public.limit_feedback_rate();

-- Feedback tab (admin): the stat cards and filter counts over every row, not over the first
-- 1,000 a response may carry.
create or replace function public.admin_feedback_stats()
returns table (
  total integer,
  status_new integer,
  status_reviewing integer,
  type_bug integer,
  type_feature integer
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  return query
  select count(*)::integer,
         count(*) filter (where f.status = 'new')::integer,
         count(*) filter (where f.status = 'reviewing')::integer,
         count(*) filter (where f.feedback_type = 'bug')::integer,
         count(*) filter (where f.feedback_type = 'feature')::integer
  from public.user_feedback f;
end
$$;
revoke all on function public.admin_feedback_stats() from public, anon;
grant execute on function public.admin_feedback_stats() to authenticated, service_role;
