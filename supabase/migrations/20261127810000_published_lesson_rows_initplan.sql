-- The rows of published lessons (transcript, vocabulary, characters, notes) are granted by one
-- list of published lessons per statement instead of a lookup per row (issue 27).
--
-- Finding (CI): an ordinary anonymous read, `lesson_transcript?select=id&text_content=imatch.^szia`,
-- was refused by the local server's cost check (rest/bounds.ts) with "estimated cost 5711, limit
-- 5000" once the course grew to 888 transcript lines, although it runs in a few milliseconds.
-- The policies asked `exists (select 1 from lessons l where l.id = lesson_id and l.is_published)`:
-- PostgreSQL runs that as a hashed subplan (one pass over lessons), but it plans it as an
-- "alternative subplan" and costs it by the per-row lookup (6.3 per row here), so the planned
-- cost of every read of these tables grew with their row count, a hundred times too high, and
-- the cost ceiling would have refused more ordinary reads as the course grows.
--
-- `lesson_id = any (array(select … published))` is an InitPlan: the published lessons are read
-- once per statement, their ids then match by the lesson_id indexes, and the planner's cost is
-- the real one (the same read: 66). Who sees what is unchanged: the subquery reads lessons
-- under lessons' own policies, as the exists did.

alter policy "Anyone reads the transcript of published lessons" on public.lesson_transcript
  using (lesson_id = any (array(select l.id from public.lessons l where l.is_published)));
alter policy "Anyone reads the vocabulary of published lessons" on public.lesson_vocabulary
  using (lesson_id = any (array(select l.id from public.lessons l where l.is_published)));
alter policy "Anyone reads the characters of published lessons" on public.lesson_characters
  using (lesson_id = any (array(select l.id from public.lessons l where l.is_published)));
alter policy "Anyone reads the notes of published lessons" on public.lesson_notes
  using (lesson_id = any (array(select l.id from public.lessons l where l.is_published)));
