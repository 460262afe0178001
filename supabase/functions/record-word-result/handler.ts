// record-word-result: one answered flashcard. Body { vocabulary_id, was_correct, session_id?,
// response_time_ms? } → { progress: {...next FSRS state}, rating }. core computes the next FSRS
// state (wrong → Again, correct → Good); the record_review RPC, called as the learner, upserts
// user_vocabulary_progress and appends to review_log in one transaction. If another answer for
// the same word landed in between (40001), the state is reloaded and the review recomputed.
import { newWordProgress, reviewWord } from '@magyarul/core';
import type { CardState, WordProgress } from '@magyarul/core';
import {
  HttpError,
  callerClient,
  endpoint,
  fromDbError,
  optionalUuidField,
  readBody,
  uuidField,
} from '../_shared/http.ts';
import type { Env, UserClient } from '../_shared/http.ts';
import type { Tables } from '../../types/database.ts';

const STATES: readonly CardState[] = ['new', 'learning', 'review', 'relearning'];
const MAX_ATTEMPTS = 3;

export type RecordedProgress = {
  vocabulary_id: string;
  due: string;
  state: CardState;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  reps: number;
  lapses: number;
  times_seen: number;
  times_correct: number;
  last_review: string | null;
};

function toWordProgress(row: Tables<'user_vocabulary_progress'>): WordProgress {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: STATES[row.state] ?? 'new',
    last_review: row.last_review ? new Date(row.last_review) : null,
    times_seen: row.times_seen,
    times_correct: row.times_correct,
  };
}

async function attempt(
  client: UserClient,
  userId: string,
  answer: {
    vocabularyId: string;
    correct: boolean;
    durationMs: number | null;
    sessionId: string | null;
  },
): Promise<{ row: Tables<'user_vocabulary_progress'>; rating: number } | 'conflict'> {
  const current = await client
    .from('user_vocabulary_progress')
    .select('*')
    .eq('vocabulary_id', answer.vocabularyId)
    .maybeSingle();
  if (current.error) throw fromDbError(current.error);
  const now = new Date();
  const before = current.data ? toWordProgress(current.data) : newWordProgress(now);
  const { progress, log } = reviewWord(
    before,
    { correct: answer.correct, durationMs: answer.durationMs },
    now,
    { cardId: `${userId}:${answer.vocabularyId}` },
  );
  const { data, error } = await client.rpc('record_review', {
    _vocabulary_id: answer.vocabularyId,
    _was_correct: answer.correct,
    _rating: log.rating,
    _reviewed_at: now.toISOString(),
    _due: progress.due.toISOString(),
    _stability: progress.stability,
    _difficulty: progress.difficulty,
    _elapsed_days: Math.round(progress.elapsed_days),
    _scheduled_days: Math.round(progress.scheduled_days),
    _learning_steps: progress.learning_steps,
    _reps: progress.reps,
    _lapses: progress.lapses,
    _state: STATES.indexOf(progress.state),
    _log_state: STATES.indexOf(log.state),
    _log_due: log.due.toISOString(),
    _log_stability: log.stability,
    _log_difficulty: log.difficulty,
    _log_elapsed_days: Math.round(log.elapsed_days),
    _log_last_elapsed_days: Math.round(log.last_elapsed_days),
    _log_scheduled_days: Math.round(log.scheduled_days),
    _log_learning_steps: log.learning_steps,
    ...(log.duration_ms === null ? {} : { _duration_ms: log.duration_ms }),
    ...(answer.sessionId ? { _session_id: answer.sessionId } : {}),
    _expected_reps: before.reps,
  });
  if (error) {
    if (error.code === '40001') return 'conflict';
    if (error.code === '22023') throw new HttpError(404, 'not_found', 'Vocabulary word not found');
    throw fromDbError(error);
  }
  return { row: data, rating: log.rating };
}

export const handler: (req: Request, env: Env) => Promise<Response> = endpoint(async (req, env) => {
  const body = await readBody(req);
  const vocabularyId = uuidField(body, 'vocabulary_id');
  if (typeof body.was_correct !== 'boolean') {
    throw new HttpError(400, 'invalid_argument', 'was_correct must be true or false');
  }
  const sessionId = optionalUuidField(body, 'session_id');
  const rawTime = body.response_time_ms;
  if (rawTime !== undefined && rawTime !== null && (typeof rawTime !== 'number' || rawTime < 0)) {
    throw new HttpError(400, 'invalid_argument', 'response_time_ms must be a positive number');
  }
  const durationMs = typeof rawTime === 'number' ? Math.min(rawTime, 3_600_000) : null;
  const { client, userId } = callerClient(req, env);
  const answer = { vocabularyId, correct: body.was_correct, durationMs, sessionId };
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const result = await attempt(client, userId, answer);
    if (result === 'conflict') continue;
    const { row, rating } = result;
    const progress: RecordedProgress = {
      vocabulary_id: row.vocabulary_id,
      due: row.due,
      state: STATES[row.state] ?? 'new',
      stability: row.stability,
      difficulty: row.difficulty,
      scheduled_days: row.scheduled_days,
      reps: row.reps,
      lapses: row.lapses,
      times_seen: row.times_seen,
      times_correct: row.times_correct,
      last_review: row.last_review,
    };
    return { progress, rating };
  }
  throw new HttpError(409, 'conflict', 'The word was answered concurrently; try again');
});
