-- The tokens of published lessons are granted by one list of published lines per statement
-- instead of a lookup per token row, as 20261127810000 did for the other rows of a lesson.
--
-- Finding: a learner's read of a long dialogue's words (`transcript_tokens?line_id=in.(…60 lines)`)
-- was refused by the local server's cost check (rest/bounds.ts, "estimated cost … limit 5000"),
-- although it runs in milliseconds: the policy's `exists (select … lesson_transcript t join lessons
-- l … where t.id = line_id …)` is planned per token row, so the planned cost of a read grew with
-- the number of words it returns (~600 for that dialogue), and the lesson page had to read its
-- words twelve lines at a time (web/src/tokens/line-batches.ts, kept: shorter URLs).
--
-- `line_id = any (array(select … published lines))` is an InitPlan: the published lines are read
-- once per statement (by the lesson_id index of the transcript, under its own policies, as the
-- exists did), the tokens then match by their line_id index. Who sees what is unchanged.

alter policy "Anyone reads the tokens of published lessons" on public.transcript_tokens
  using (line_id = any (array(
    select t.id from public.lesson_transcript t
    where t.lesson_id = any (array(select l.id from public.lessons l where l.is_published))
  )));
