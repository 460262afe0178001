-- Due means answered before (DESIGN.md §12.1, issue 29 point 4). Completing a lesson queued every
-- word of it as a progress row due at once (queue_completed_lesson_words), and a word added to a
-- completed lesson likewise (queue_new_lesson_word), so a word the lesson's session never asked
-- came up in review straight away: the first "review" of a word never practised. A word's progress
-- row is now made by its first answer (record_answer inserts it), so every row get_due_words reads
-- is a word the learner has answered, at the time FSRS gave it. A word never answered is a new
-- word: its lesson's session asks it (core's buildLessonSession asks every word before any twice).

drop trigger user_lesson_progress_queue_words on public.user_lesson_progress;
drop function public.queue_completed_lesson_words();
drop trigger lesson_vocabulary_queue_word on public.lesson_vocabulary;
drop function public.queue_new_lesson_word();

-- The rows those triggers queued for words never answered: no answer in the log for that learner
-- and word, never seen. (Only these: a row with an answer behind it is progress, kept as it is.)
-- Every count that reads progress (reviewed words, the tourist pack, the users overview, word
-- accuracy) counts times_seen > 0, so none of them changes.
delete from public.user_vocabulary_progress p
where p.times_seen = 0
  and p.reps = 0
  and p.last_review is null
  and not exists (
    select 1 from public.review_log r
    where r.user_id = p.user_id and r.vocabulary_id = p.vocabulary_id
  );
