import { randomUUID } from 'node:crypto';
import { DEFAULT_WEIGHTS, reviewItem, skillCardId } from '@magyarul/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLesson,
  completeLesson,
  finishAudio,
  startFunctionsFixture,
} from '../../../tests/functions/fixture.ts';
import type { FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler } from './handler.ts';
import type { RecordedProgress } from './handler.ts';

type Body = { progress: RecordedProgress; rating: number; correct: boolean; replayed: boolean };

describe('record-word-result skills', () => {
  let fx: FunctionsFixture;
  let anna: TestUser;
  let bence: TestUser;
  let lessonId: string;
  let jo: string;
  let ot: string;
  let kerek: string;
  let line: string;
  let lockedLine: string;

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    anna = await fx.signUp('anna-skills@test.local');
    bence = await fx.signUp('bence-skills@test.local');
    const lesson = await addLesson(fx, 1, [
      ['jó', 'good'],
      ['öt', 'five'],
      ['kér (vmit), kérek', 'I would like'],
    ]);
    lessonId = lesson.lessonId;
    [jo = '', ot = '', kerek = ''] = lesson.wordIds;
    const audio = await fx.service
      .from('lesson_vocabulary')
      .update({ audio_file_path: 'words/jo.mp3', word_de: 'gut' })
      .eq('id', jo);
    if (audio.error) throw audio.error;
    const lines = await fx.service
      .from('lesson_transcript')
      .insert([
        {
          lesson_id: lessonId,
          line_number: 1,
          speaker: 'bence',
          text_content: 'Öt kávét kérek.',
          start_time: 1,
          end_time: 3,
          translation_en: 'Five coffees, please.',
        },
      ])
      .select('id')
      .single();
    if (lines.error) throw lines.error;
    line = lines.data.id;
    const other = await addLesson(fx, 2, [['szia', 'hi']]);
    const locked = await fx.service
      .from('lesson_transcript')
      .insert({ lesson_id: other.lessonId, line_number: 1, speaker: 'anna', text_content: 'Szia!' })
      .select('id')
      .single();
    if (locked.error) throw locked.error;
    lockedLine = locked.data.id;
    for (const learner of [anna, bence]) await finishAudio(learner, lessonId);
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  const post = async (body: Record<string, unknown>, user: TestUser) => {
    const res = await fx.call(handler, body, user.token);
    return { status: res.status, body: (await res.json()) as Body };
  };

  it('returns 403 for recall and listening before the word was recognised correctly', async () => {
    for (const skill of ['recall', 'listening']) {
      const res = await post({ vocabulary_id: jo, skill, answer: 'jó' }, anna);
      expect(res.status).toBe(403);
    }
    await post({ vocabulary_id: jo, was_correct: false }, anna);
    const still = await post({ vocabulary_id: jo, skill: 'recall', answer: 'jó' }, anna);
    expect(still.status).toBe(403);
    const right = await post({ vocabulary_id: jo, was_correct: true }, anna);
    expect(right.status).toBe(200);
    const skills = await anna.client
      .from('user_vocabulary_progress')
      .select('skill, reps')
      .eq('vocabulary_id', jo)
      .order('skill');
    expect(skills.data).toEqual([
      { skill: 'recognition', reps: 2 },
      { skill: 'recall', reps: 0 },
      { skill: 'listening', reps: 0 },
    ]);
  });

  it('returns Again for a typed recall that misses an accent, whatever the client claims', async () => {
    const res = await post(
      { vocabulary_id: jo, skill: 'recall', answer: 'jo', was_correct: true, easy: true },
      anna,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rating: 1, correct: false });
    expect(res.body.progress).toMatchObject({ skill: 'recall', times_seen: 1, times_correct: 0 });
    const log = await anna.client
      .from('review_log')
      .select('skill, rating, was_correct')
      .eq('vocabulary_id', jo)
      .eq('skill', 'recall');
    expect(log.data).toEqual([{ skill: 'recall', rating: 1, was_correct: false }]);
  });

  it('returns Hard after the hint, Easy when the learner says so after a right answer', async () => {
    const hinted = await post(
      { vocabulary_id: jo, skill: 'recall', answer: ' Jó! ', hint_used: true, easy: true },
      anna,
    );
    expect(hinted.body).toMatchObject({ rating: 2, correct: true });
    await post({ vocabulary_id: kerek, was_correct: true }, anna);
    const easy = await post(
      { vocabulary_id: kerek, skill: 'recall', answer: 'kérek'.normalize('NFD'), easy: true },
      anna,
    );
    expect(easy.body).toMatchObject({ rating: 4, correct: true });
  });

  it('returns listening graded from the meaning picked or typed, never Easy for a pick', async () => {
    const picked = await post(
      { vocabulary_id: jo, skill: 'listening', answer: 'good', choice: true, easy: true },
      anna,
    );
    expect(picked.body).toMatchObject({ rating: 3, correct: true });
    const typedWrong = await post(
      { vocabulary_id: jo, skill: 'listening', answer: 'five', was_correct: true },
      anna,
    );
    expect(typedWrong.body).toMatchObject({ rating: 1, correct: false });
  });

  it('returns 400 for a skill the item does not have, or an answer the skill needs missing', async () => {
    for (const body of [
      { vocabulary_id: jo, skill: 'dictation', answer: 'jó' },
      { line_id: line, skill: 'recall', answer: 'jó' },
      { vocabulary_id: jo, skill: 'recall', was_correct: true },
      { vocabulary_id: jo, skill: 'juggling', was_correct: true },
      { vocabulary_id: jo, line_id: line, skill: 'recall', answer: 'jó' },
      { line_id: line, skill: 'speaking' },
      { line_id: line, skill: 'speaking', rating: 5 },
      { vocabulary_id: jo, skill: 'recall', answer: 'x'.repeat(501) },
    ]) {
      expect((await post(body, anna)).status).toBe(400);
    }
  });

  it('returns 403 for the lines of a lesson whose flashcards are not passed', async () => {
    const early = await post({ line_id: line, skill: 'dictation', answer: 'Öt kávét kérek' }, anna);
    expect(early.status).toBe(403);
    const elsewhere = await post({ line_id: lockedLine, skill: 'speaking', rating: 3 }, anna);
    expect(elsewhere.status).toBe(403);
  });

  it('returns a dictation graded word by word and Say it with the learner’s own grade', async () => {
    await completeLesson(fx, anna, lessonId);
    const near = await post(
      { line_id: line, skill: 'dictation', answer: 'Ot kávét kerek', was_correct: true },
      anna,
    );
    expect(near.body).toMatchObject({ rating: 1, correct: false });
    const right = await post(
      { line_id: line, skill: 'dictation', answer: 'öt kávét kérek!' },
      anna,
    );
    expect(right.body).toMatchObject({ rating: 3, correct: true });
    expect(right.body.progress).toMatchObject({ item_id: line, skill: 'dictation', reps: 2 });
    const said = await post({ line_id: line, skill: 'speaking', rating: 2 }, anna);
    expect(said.body).toMatchObject({ rating: 2, correct: true });
    const lines = await anna.client.from('user_line_progress').select('skill, reps').order('skill');
    expect(lines.data).toEqual([
      { skill: 'dictation', reps: 2 },
      { skill: 'speaking', reps: 1 },
    ]);
    expect((await bence.client.from('user_line_progress').select('id')).data).toEqual([]);
  });

  it('returns a replay for the same client answer id and 409 for it under another skill', async () => {
    const id = randomUUID();
    const first = await post(
      { line_id: line, skill: 'speaking', rating: 3, client_answer_id: id },
      anna,
    );
    const again = await post(
      { line_id: line, skill: 'speaking', rating: 1, client_answer_id: id },
      anna,
    );
    expect(again.body).toEqual({ ...first.body, replayed: true });
    const other = await post(
      { line_id: line, skill: 'dictation', answer: 'öt', client_answer_id: id },
      anna,
    );
    expect(other.status).toBe(409);
  });

  it('returns a state scheduled with the learner’s retention and their fit only when it won', async () => {
    // Bence answers each word right twice, a day apart: the second answer moves the card to
    // review, with an interval that depends on the weights and the retention.
    const days = [3, 2].map((d) => new Date(Date.now() - d * 86_400_000));
    const due = async (word: string) => {
      let last = 0;
      for (const at of days) {
        const res = await post(
          { vocabulary_id: word, was_correct: true, answered_at: at.toISOString() },
          bence,
        );
        expect(res.status).toBe(200);
        last = new Date(res.body.progress.due).getTime();
      }
      return last;
    };
    const expected = (word: string, options: { parameters?: number[]; retention?: number }) => {
      const cardId = skillCardId(bence.id, word, 'recognition');
      const first = reviewItem(null, { rating: 3 }, days[0] as Date, { cardId, ...options });
      return reviewItem(first.progress, { rating: 3 }, days[1] as Date, {
        cardId,
        ...options,
      }).progress.due.getTime();
    };

    expect(await due(jo)).toBe(expected(jo, {}));

    const profile = await fx.service
      .from('profiles')
      .update({ desired_retention: 0.8 })
      .eq('user_id', bence.id);
    if (profile.error) throw profile.error;
    const fitted = DEFAULT_WEIGHTS.map((w, i) => (i < 4 ? w * 3 : w));
    const losing = await fx.service.from('learner_fsrs_parameters').insert({
      user_id: bence.id,
      parameters: fitted,
      review_count: 500,
      item_count: 420,
      log_loss_default: 0.3,
      log_loss_fitted: 0.31,
    });
    if (losing.error) throw losing.error;
    const withRetention = await due(ot);
    expect(withRetention).toBe(expected(ot, { retention: 0.8 }));
    expect(withRetention).not.toBe(expected(ot, {}));

    const winning = await fx.service
      .from('learner_fsrs_parameters')
      .update({ log_loss_fitted: 0.29 })
      .eq('user_id', bence.id);
    if (winning.error) throw winning.error;
    const withFit = await due(kerek);
    expect(withFit).toBe(expected(kerek, { retention: 0.8, parameters: fitted }));
    expect(withFit).not.toBe(expected(kerek, { retention: 0.8 }));
  });
});
