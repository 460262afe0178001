import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, callFunction, forgeSubject, startSecurityServer } from './progress-fixture.ts';
import type { Learner, SecurityServer } from './progress-fixture.ts';

// Practice (issue 30): every skill of a word and every line skill has its own FSRS state, and
// typed answers are graded on the server. The attacks: write another learner's (or one's own)
// skill state, answer for words and lines outside one's open lessons, open recall or listening
// before the word was recognised, forge a skill or a grade (a typed answer claimed right, an
// Easy never asked for), act as another learner, read another learner's fitted parameters.
// Anonymous callers get nothing. The legitimate path is checked beside each refusal.

const DAY_MS = 86_400_000;

describe.each(BACKENDS)('practice attacks on %s', (backend) => {
  let server: SecurityServer;
  let mallory: Learner;
  let victim: Learner;
  let lesson1: string;
  let lesson2: string;
  let word: string;
  let lockedWord: string;
  let line: string;
  let lockedLine: string;
  let draftLine: string;

  const answer = (learner: Learner | null, body: Record<string, unknown>) =>
    callFunction(server, 'record-word-result', body, learner?.token ?? null);

  async function lineOf(lessonId: string): Promise<string> {
    const { data, error } = await server.service
      .from('lesson_transcript')
      .select('id')
      .eq('lesson_id', lessonId)
      .not('start_time', 'is', null)
      .order('line_number')
      .limit(1)
      .single();
    if (error) throw error;
    return data.id;
  }

  /** The lesson's flashcards, all answered right and saved: the lesson is passed. */
  async function passLesson(learner: Learner, lessonId: string): Promise<void> {
    const { data: words, error } = await server.service
      .from('lesson_vocabulary')
      .select('id')
      .eq('lesson_id', lessonId);
    if (error) throw error;
    const sessionId = randomUUID();
    const cards = Math.min(20, 2 * words.length);
    for (let i = 0; i < cards; i++) {
      const res = await answer(learner, {
        vocabulary_id: words[i % words.length]?.id,
        was_correct: true,
        session_id: sessionId,
      });
      expect(res.status).toBe(200);
    }
    const saved = await learner.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: cards,
      _correct_answers: cards,
      _lesson_id: lessonId,
    });
    expect(saved.error).toBeNull();
  }

  async function skillRows(learner: Learner) {
    const words = await server.service
      .from('user_vocabulary_progress')
      .select('vocabulary_id, skill, reps, times_seen, times_correct, due')
      .eq('user_id', learner.id)
      .order('vocabulary_id')
      .order('skill');
    const lines = await server.service
      .from('user_line_progress')
      .select('line_id, skill, reps, times_seen, times_correct, due')
      .eq('user_id', learner.id)
      .order('line_id')
      .order('skill');
    if (words.error) throw words.error;
    if (lines.error) throw lines.error;
    return { words: words.data, lines: lines.data };
  }

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    mallory = await server.signUp('mallory');
    victim = await server.signUp('victim');
    lesson1 = await server.lessonId(1);
    lesson2 = await server.lessonId(2);
    word = await server.wordOf(lesson1, 0);
    lockedWord = await server.wordOf(lesson2, 0);
    line = await lineOf(lesson1);
    lockedLine = await lineOf(lesson2);
    const draft = await server.service
      .from('lessons')
      .insert({ lesson_number: 990, title: 'Piszkozat', is_published: false })
      .select('id')
      .single();
    if (draft.error) throw draft.error;
    const draftRow = await server.service
      .from('lesson_transcript')
      .insert({
        lesson_id: draft.data.id,
        line_number: 1,
        speaker: 'anna',
        text_content: 'Titok.',
        start_time: 0,
        end_time: 1,
      })
      .select('id')
      .single();
    if (draftRow.error) throw draftRow.error;
    draftLine = draftRow.data.id;
    for (const learner of [mallory, victim]) {
      const audio = await learner.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 });
      expect(audio.error).toBeNull();
    }
    await passLesson(victim, lesson1);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses anonymous callers every practice read and answer', async () => {
    for (const fn of [
      'get_due_items',
      'get_practice_items',
      'get_skill_summary',
      'get_due_forecast',
    ] as const) {
      const { error } = await server.anon.rpc(fn);
      expect(error?.code, fn).toBe('42501');
    }
    expect((await server.anon.from('user_line_progress').select('id')).data).toEqual([]);
    expect((await server.anon.from('learner_fsrs_parameters').select('user_id')).data).toEqual([]);
    const glossary = await server.anon
      .from('glossary_entries')
      .insert({ lemma: 'x', meaning_en: 'x' });
    expect(glossary.status).toBe(401);
    for (const body of [
      { vocabulary_id: word, skill: 'recall', answer: 'x' },
      { line_id: line, skill: 'speaking', rating: 4 },
    ]) {
      expect((await answer(null, body)).status).toBe(401);
    }
  });

  it('refuses writing skill state, one’s own or another learner’s, past the function', async () => {
    const before = await skillRows(victim);
    const attempts = [
      mallory.db.from('user_vocabulary_progress').insert({
        user_id: mallory.id,
        vocabulary_id: word,
        skill: 'recall',
        reps: 50,
        due: new Date(Date.now() + 365 * DAY_MS).toISOString(),
      }),
      mallory.db
        .from('user_vocabulary_progress')
        .update({ due: new Date(Date.now() + 365 * DAY_MS).toISOString() })
        .eq('user_id', victim.id),
      mallory.db
        .from('user_line_progress')
        .insert({ user_id: mallory.id, line_id: line, skill: 'dictation' }),
      mallory.db.from('user_line_progress').update({ reps: 0 }).eq('user_id', victim.id),
      mallory.db.from('user_line_progress').delete().eq('user_id', victim.id),
      mallory.db.from('review_log').update({ skill: 'speaking' }).eq('user_id', mallory.id),
    ];
    for (const attempt of attempts) expect((await attempt).error?.code).toBe('42501');
    const direct = await mallory.db.rpc('record_review', {
      _user_id: victim.id,
      _skill: 'speaking',
      _line_id: line,
      _was_correct: true,
      _rating: 4,
      _answered_at: new Date().toISOString(),
      _due: new Date(Date.now() + 365 * DAY_MS).toISOString(),
      _stability: 365,
      _difficulty: 1,
      _elapsed_days: 0,
      _scheduled_days: 365,
      _learning_steps: 0,
      _reps: 1,
      _lapses: 0,
      _state: 2,
      _log_state: 0,
      _log_due: new Date().toISOString(),
      _log_stability: 0,
      _log_difficulty: 0,
      _log_elapsed_days: 0,
      _log_last_elapsed_days: 0,
      _log_scheduled_days: 0,
      _log_learning_steps: 0,
    });
    expect(direct.error?.code).toBe('42501');
    expect(await skillRows(victim)).toEqual(before);
    expect((await skillRows(mallory)).lines).toEqual([]);
  });

  it('refuses recall and listening before the word was recognised correctly', async () => {
    for (const skill of ['recall', 'listening']) {
      expect((await answer(mallory, { vocabulary_id: word, skill, answer: 'x' })).status).toBe(403);
    }
    expect((await answer(mallory, { vocabulary_id: word, was_correct: false })).status).toBe(200);
    expect(
      (await answer(mallory, { vocabulary_id: word, skill: 'recall', answer: 'x' })).status,
    ).toBe(403);
    expect((await answer(mallory, { vocabulary_id: word, was_correct: true })).status).toBe(200);
    const opened = await answer(mallory, { vocabulary_id: word, skill: 'recall', answer: 'x' });
    expect(opened.status).toBe(200);
  });

  it('refuses answers for words and lines outside the learner’s open lessons', async () => {
    // Lesson 2 is locked for Mallory; lesson 1's lines open only once its flashcards are passed.
    expect((await answer(mallory, { vocabulary_id: lockedWord, was_correct: true })).status).toBe(
      403,
    );
    expect(
      (await answer(mallory, { vocabulary_id: lockedWord, skill: 'recall', answer: 'x' })).status,
    ).toBe(403);
    expect((await answer(mallory, { line_id: line, skill: 'dictation', answer: 'x' })).status).toBe(
      403,
    );
    expect((await answer(mallory, { line_id: line, skill: 'speaking', rating: 4 })).status).toBe(
      403,
    );
    expect(
      (await answer(victim, { line_id: lockedLine, skill: 'speaking', rating: 3 })).status,
    ).toBe(403);
    expect(
      (await answer(victim, { line_id: draftLine, skill: 'speaking', rating: 3 })).status,
    ).toBe(404);
    expect(
      (await answer(victim, { line_id: randomUUID(), skill: 'speaking', rating: 3 })).status,
    ).toBe(404);
    expect((await skillRows(mallory)).lines).toEqual([]);
    // The victim passed lesson 1: its lines are theirs to practise.
    expect((await answer(victim, { line_id: line, skill: 'speaking', rating: 3 })).status).toBe(
      200,
    );
  });

  it('refuses a forged skill: a word in a line skill, a line in a word skill, an unknown one', async () => {
    for (const body of [
      { vocabulary_id: word, skill: 'dictation', answer: 'x' },
      { vocabulary_id: word, skill: 'speaking', rating: 4 },
      { line_id: line, skill: 'recognition', was_correct: true },
      { line_id: line, skill: 'recall', answer: 'x' },
      { vocabulary_id: word, skill: 'admin', was_correct: true },
      { vocabulary_id: word, line_id: line, skill: 'recall', answer: 'x' },
    ]) {
      expect((await answer(victim, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('grades a typed answer on the server: a wrong one claimed right or easy stays Again', async () => {
    const { data: vocabulary } = await server.service
      .from('lesson_vocabulary')
      .select('word_hu')
      .eq('id', word)
      .single();
    const hungarian = vocabulary?.word_hu ?? '';
    const claimed = await answer(victim, {
      vocabulary_id: word,
      skill: 'recall',
      answer: `${hungarian}xx`,
      was_correct: true,
      easy: true,
      rating: 4,
    });
    expect(claimed.body).toMatchObject({ rating: 1, correct: false });
    // Easy is the learner's word only after a right answer, and never on a multiple-choice card.
    const recognitionEasy = await answer(victim, {
      vocabulary_id: word,
      was_correct: true,
      easy: true,
      rating: 4,
    });
    expect(recognitionEasy.body).toMatchObject({ rating: 3 });
    const dictation = await answer(victim, {
      line_id: line,
      skill: 'dictation',
      answer: 'teljesen más',
      was_correct: true,
      easy: true,
    });
    expect(dictation.body).toMatchObject({ rating: 1, correct: false });
    const logged = await server.service
      .from('review_log')
      .select('skill, rating, was_correct')
      .eq('user_id', victim.id)
      .in('skill', ['recall', 'dictation'])
      .order('reviewed_at');
    expect(logged.data).toEqual([
      { skill: 'recall', rating: 1, was_correct: false },
      { skill: 'dictation', rating: 1, was_correct: false },
    ]);
  });

  it('refuses acting as another learner with a token whose subject was swapped', async () => {
    const before = await skillRows(victim);
    const forged = forgeSubject(mallory.token, victim.id);
    const res = await callFunction(
      server,
      'record-word-result',
      { line_id: line, skill: 'speaking', rating: 4 },
      forged,
    );
    expect(res.status).toBe(401);
    expect(await skillRows(victim)).toEqual(before);
  });

  it('returns a learner only their own items and parameters, and no one’s list of learners', async () => {
    const stored = await server.service.from('learner_fsrs_parameters').insert({
      user_id: victim.id,
      parameters: Array.from({ length: 21 }, () => 1),
      review_count: 900,
      item_count: 700,
      log_loss_default: 0.4,
      log_loss_fitted: 0.3,
    });
    expect(stored.error).toBeNull();
    expect((await mallory.db.from('learner_fsrs_parameters').select('user_id')).data).toEqual([]);
    expect(
      (await mallory.db.from('learner_fsrs_parameters').select('user_id').eq('user_id', victim.id))
        .data,
    ).toEqual([]);
    const write = await mallory.db.from('learner_fsrs_parameters').insert({
      user_id: mallory.id,
      parameters: Array.from({ length: 21 }, () => 9),
      review_count: 1,
      item_count: 1,
      log_loss_default: 1,
      log_loss_fitted: 0,
    });
    expect(write.error?.code).toBe('42501');
    expect((await mallory.db.rpc('fsrs_fit_candidates')).error?.code).toBe('42501');
    const items = await mallory.db.rpc('get_due_items', { _limit: 200, _new_limit: 200 });
    expect(items.error).toBeNull();
    expect((items.data ?? []).some((i) => i.kind === 'line')).toBe(false);
    const victims = await victim.db.rpc('get_practice_items', { _lesson_id: lesson1 });
    expect((victims.data ?? []).some((i) => i.kind === 'line')).toBe(true);
  });

  it('refuses scheduling choices out of bounds or on another learner’s profile', async () => {
    const tooMany = await mallory.db
      .from('profiles')
      .update({ new_items_per_day: 10_000 })
      .eq('user_id', mallory.id);
    expect(tooMany.error?.code).toBe('23514');
    const low = await mallory.db
      .from('profiles')
      .update({ desired_retention: 0.5 })
      .eq('user_id', mallory.id);
    expect(low.error?.code).toBe('23514');
    const theirs = await mallory.db
      .from('profiles')
      .update({ desired_retention: 0.8 })
      .eq('user_id', victim.id)
      .select('user_id');
    expect(theirs.data).toEqual([]);
    const kept = await server.service
      .from('profiles')
      .select('desired_retention')
      .eq('user_id', victim.id)
      .single();
    expect(kept.data?.desired_retention).toBe(0.9);
  });
});
