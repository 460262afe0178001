-- Users tab (admin): a response carries at most 1,000 rows on hosted PostgREST, so the tab pages
-- through admin_user_progress (range + exact count) and searches by user ID in SQL instead of
-- filtering the first 1,000 rows in the browser. _search matches any part of the user ID,
-- case-insensitively; null or blank lists everyone. The stat cards stay on
-- admin_user_progress_totals, which aggregates every learner.

drop function public.admin_user_progress();

create or replace function public.admin_user_progress(_search text default null)
returns table (
  user_id uuid,
  lessons_completed integer,
  words_reviewed integer,
  avg_accuracy integer,
  last_activity timestamptz,
  active_7d boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _needle text := lower(btrim(coalesce(_search, '')));
begin
  perform public.assert_admin();
  return query
  with lessons as (
    select l.user_id,
           count(*) filter (where l.is_completed)::integer as completed,
           round(avg(l.flashcard_accuracy) filter (where l.is_completed))::integer as accuracy,
           max(l.updated_at) as last_at
    from public.user_lesson_progress l
    group by l.user_id
  ),
  words as (
    select w.user_id,
           count(*) filter (where w.times_seen > 0)::integer as reviewed,
           max(greatest(w.last_review, w.updated_at)) as last_at
    from public.user_vocabulary_progress w
    group by w.user_id
  ),
  learners as (
    select coalesce(l.user_id, w.user_id) as user_id,
           coalesce(l.completed, 0) as completed,
           coalesce(w.reviewed, 0) as reviewed,
           l.accuracy,
           greatest(l.last_at, w.last_at) as last_at
    from lessons l
    full join words w on w.user_id = l.user_id
  )
  select u.user_id, u.completed, u.reviewed, u.accuracy, u.last_at,
         coalesce(u.last_at >= now() - interval '7 days', false)
  from learners u
  where (u.completed > 0 or u.reviewed > 0)
    and (_needle = '' or strpos(u.user_id::text, _needle) > 0)
  order by u.last_at desc nulls last, u.user_id;
end
$$;
revoke all on function public.admin_user_progress(text) from public, anon;
grant execute on function public.admin_user_progress(text) to authenticated, service_role;
