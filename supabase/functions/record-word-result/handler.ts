// record-word-result: one answered flashcard. Body { vocabulary_id, was_correct, session_id?,
// response_time_ms?, client_answer_id?, answered_at? } → { progress: {...next FSRS state},
// rating, replayed }.
//
// Where the rules live (DESIGN §10, "progress is written through the rules"): FSRS stays in one
// place, core (ts-fsrs), and runs here. A learner cannot hand the database a state of their own
// choosing, because the write goes through record_answer, a procedure granted to the service
// role only: this function proves who the caller is (auth.getUser on their token, not a decoded
// claim), reads the stored state, lets core compute the next one and writes it with the service
// role. record_answer then checks what holds whatever was computed: the word's lesson is
// published and its audio done by this learner, counters move by exactly one answer, the state
// is one step on from the stored one (40001 when another answer came first: recompute), and the
// answer time lies within the last 7 days and not before the word's last review.
//
// The offline queue (issue 13): client_answer_id makes a retry or a replayed queue entry a
// no-op that returns the stored result (replayed: true); answered_at applies FSRS at the time
// the answer was given, so queued answers sent in order are scheduled as if sent at once.
import { newWordProgress, reviewWord } from '../_shared/core/index.ts';
import type { CardState, WordProgress } from '../_shared/core/index.ts';
import {
  HttpError,
  endpoint,
  fromDbError,
  optionalUuidField,
  readBody,
  serviceClient,
  uuidField,
  verifiedCaller,
} from '../_shared/http.ts';
import type { Env, UserClient } from '../_shared/http.ts';
import type { Tables } from '../_shared/database.ts';

const STATES: readonly CardState[] = ['new', 'learning', 'review', 'relearning'];
const MAX_ATTEMPTS = 3;
const MAX_DURATION_MS = 3_600_000;

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

export type Answer = {
  readonly vocabularyId: string;
  readonly correct: boolean;
  readonly durationMs: number | null;
  readonly sessionId: string | null;
  readonly clientAnswerId: string | null;
  /** When the learner answered; null means now. */
  readonly answeredAt: Date | null;
};

/** The request body as an answer; throws 400 with the field's problem. */
export function parseAnswer(body: Record<string, unknown>): Answer {
  const vocabularyId = uuidField(body, 'vocabulary_id');
  if (typeof body.was_correct !== 'boolean') {
    throw new HttpError(400, 'invalid_argument', 'was_correct must be true or false');
  }
  const rawTime = body.response_time_ms;
  if (
    rawTime !== undefined &&
    rawTime !== null &&
    (typeof rawTime !== 'number' || !Number.isFinite(rawTime) || rawTime < 0)
  ) {
    throw new HttpError(400, 'invalid_argument', 'response_time_ms must be a positive number');
  }
  const rawAt = body.answered_at;
  let answeredAt: Date | null = null;
  if (rawAt !== undefined && rawAt !== null) {
    answeredAt = typeof rawAt === 'string' ? new Date(rawAt) : new Date(Number.NaN);
    if (Number.isNaN(answeredAt.getTime())) {
      throw new HttpError(400, 'invalid_argument', 'answered_at must be an ISO 8601 time');
    }
  }
  return {
    vocabularyId,
    correct: body.was_correct,
    durationMs: typeof rawTime === 'number' ? Math.min(rawTime, MAX_DURATION_MS) : null,
    sessionId: optionalUuidField(body, 'session_id'),
    clientAnswerId: optionalUuidField(body, 'client_answer_id'),
    answeredAt,
  };
}

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

type Recorded = { progress: RecordedProgress; rating: number; replayed: boolean };

async function attempt(
  service: UserClient,
  userId: string,
  answer: Answer,
): Promise<Recorded | 'conflict'> {
  const current = await service
    .from('user_vocabulary_progress')
    .select('*')
    .eq('user_id', userId)
    .eq('vocabulary_id', answer.vocabularyId)
    .maybeSingle();
  if (current.error) throw fromDbError(current.error);
  const answeredAt = answer.answeredAt ?? new Date();
  const before = current.data ? toWordProgress(current.data) : newWordProgress(answeredAt);
  // FSRS cannot step back in time. An answer older than the last review is refused by
  // record_answer (unless it is a replay, which returns the stored result), so the state
  // computed for it is never stored; computing it at the last review keeps ts-fsrs in range.
  const at =
    before.last_review && before.last_review > answeredAt ? before.last_review : answeredAt;
  const { progress, log } = reviewWord(
    before,
    { correct: answer.correct, durationMs: answer.durationMs },
    at,
    { cardId: `${userId}:${answer.vocabularyId}` },
  );
  const { data, error } = await service.rpc('record_answer', {
    _user_id: userId,
    _vocabulary_id: answer.vocabularyId,
    _was_correct: answer.correct,
    _rating: log.rating,
    _answered_at: answeredAt.toISOString(),
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
    ...(answer.clientAnswerId ? { _client_answer_id: answer.clientAnswerId } : {}),
    _expected_reps: before.reps,
  });
  if (error) {
    if (error.code === '40001') return 'conflict';
    throw fromDbError(error);
  }
  const row = data[0];
  if (!row?.vocabulary_id || !row.due) throw new Error('record_answer returned no row');
  return {
    progress: {
      vocabulary_id: row.vocabulary_id,
      due: row.due,
      state: STATES[row.state ?? 0] ?? 'new',
      stability: row.stability ?? 0,
      difficulty: row.difficulty ?? 0,
      scheduled_days: row.scheduled_days ?? 0,
      reps: row.reps ?? 0,
      lapses: row.lapses ?? 0,
      times_seen: row.times_seen ?? 0,
      times_correct: row.times_correct ?? 0,
      last_review: row.last_review,
    },
    rating: row.rating ?? log.rating,
    replayed: row.replayed === true,
  };
}

export const handler: (req: Request, env: Env) => Promise<Response> = endpoint(async (req, env) => {
  const { userId } = await verifiedCaller(req, env);
  const answer = parseAnswer(await readBody(req));
  const service = serviceClient(env);
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const result = await attempt(service, userId, answer);
    if (result !== 'conflict') return result;
  }
  throw new HttpError(409, 'conflict', 'The word was answered concurrently; try again');
});
