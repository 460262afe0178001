-- course_figures(): the landing page's "available today" counts. Anyone may call it; it counts
-- only published lessons and their distinct words, whoever asks (an admin's drafts included).
-- Counts are compared with a baseline so the file passes with or without the demo seed loaded.
begin;
select plan(11);
select tests.share_tap();
do $$
begin
  perform tests.create_user('figures-learner@test.local', 'Figures Learner');
  perform tests.create_user('figures-admin@test.local', 'Figures Admin', true);
end
$$;

create temp table baseline as select * from public.course_figures();
grant select on baseline to anon, authenticated;

insert into public.lessons (id, lesson_number, title, level, is_published)
values ('90100000-0000-0000-0000-000000000001', 901, 'Figures published', 'beginner', true),
       ('90200000-0000-0000-0000-000000000002', 902, 'Figures draft', 'beginner', false);
insert into public.lesson_vocabulary (lesson_id, word_hu, word_en, difficulty)
values ('90100000-0000-0000-0000-000000000001', 'figuraegy', 'one', 'beginner'),
       ('90100000-0000-0000-0000-000000000001', 'Figuraegy', 'one again', 'beginner'),
       ('90100000-0000-0000-0000-000000000001', 'figurakettő', 'two', 'beginner'),
       ('90200000-0000-0000-0000-000000000002', 'figurarejtett', 'hidden', 'beginner');

select tests.authenticate_anon();
select results_eq(
  $$select lessons, words from public.course_figures()$$,
  $$select lessons + 1, words + 2 from baseline$$,
  'anonymous: one more published lesson, two more distinct words (case-insensitive), no draft'
);

select tests.authenticate_as('figures-learner@test.local');
select results_eq(
  $$select lessons, words from public.course_figures()$$,
  $$select lessons + 1, words + 2 from baseline$$,
  'a learner gets the same published figures'
);

select tests.authenticate_as('figures-admin@test.local');
select results_eq(
  $$select lessons, words from public.course_figures()$$,
  $$select lessons + 1, words + 2 from baseline$$,
  'an admin gets the published figures too: drafts are not counted'
);

select tests.clear_authentication();
select ok(
  not (select prosecdef from pg_proc where oid = 'public.course_figures()'::regprocedure),
  'course_figures runs as the caller (security invoker), so RLS applies'
);
select ok(
  has_function_privilege('anon', 'public.course_figures()', 'execute'),
  'anon may call course_figures'
);
select ok(
  not has_function_privilege('public', 'public.course_figures()', 'execute'),
  'course_figures is not granted to public'
);
select is(
  (select provolatile::text from pg_proc where oid = 'public.course_figures()'::regprocedure),
  's',
  'course_figures is stable: it reads, never writes'
);

-- Unpublishing takes a lesson out of the figures at once.
update public.lessons set is_published = false where lesson_number = 901;
select tests.authenticate_anon();
select results_eq(
  $$select lessons, words from public.course_figures()$$,
  $$select lessons, words from baseline$$,
  'an unpublished lesson and its words leave the figures'
);
select is(
  tests.affected($$update public.lessons set is_published = true where lesson_number = 902$$),
  0,
  'anonymous cannot publish a draft to change the figures'
);

-- A new recording withdraws the old slow one; the seed, which sets both, keeps it.
select tests.clear_authentication();
update public.lessons set slow_audio_url = 'seed/x-slow.mp3', audio_url = 'seed/x.mp3'
where lesson_number = 901;
update public.lessons set audio_url = 'studio/901.mp3' where lesson_number = 901;
select is(
  (select slow_audio_url from public.lessons where lesson_number = 901),
  null,
  'publishing new audio drops the stale slow recording'
);
update public.lessons set audio_url = 'seed/y.mp3', slow_audio_url = 'seed/y-slow.mp3'
where lesson_number = 901;
select is(
  (select slow_audio_url from public.lessons where lesson_number = 901),
  'seed/y-slow.mp3',
  'an update that sets both keeps the slow recording'
);

select * from finish();
rollback;
