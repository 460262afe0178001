// record-word-result: one answer of any skill (DESIGN §12.1). Body: the item (vocabulary_id,
// glossary_id or line_id), skill (default recognition) and what that skill answers with (see
// parse.ts), with session_id?, response_time_ms?, client_answer_id?, answered_at? → { progress:
// {...next FSRS state of that skill}, rating, correct, replayed }.
//
// Where the rules live (DESIGN §10, "progress is written through the rules"): FSRS stays in one
// place, core (ts-fsrs), and runs here. A learner cannot hand the database a state or a grade of
// their own choosing: this function proves who the caller is (auth.getUser on their token, not
// a decoded claim), grades the answer itself (a typed answer with core's comparison against the
// item the database holds; speaking is the learner's own grade by design), reads the stored
// state of that skill, the learner's desired retention and fitted FSRS parameters (used only
// when they beat the defaults on held-out reviews), lets core compute the next state and writes
// it with the service role through record_review, a procedure granted to the service role only.
// record_review then checks what holds whatever was computed: the item is published and open
// for this learner in this skill, counters move by exactly one answer, the state is one step on
// from the stored one (40001 when another answer came first: recompute), the grade fits the
// verdict, and the answer time lies within the last 7 days and not before the last review.
//
// The offline queue (issue 13): client_answer_id makes a retry or a replayed queue entry a
// no-op that returns the stored result (replayed: true); answered_at applies FSRS at the time
// the answer was given, so queued answers sent in order are scheduled as if sent at once.
import {
  learnerWeights,
  reviewItem,
  skillCardId,
  isDesiredRetention,
} from '../_shared/core/index.ts';
import type { CardState, PracticeGrade, WordProgress } from '../_shared/core/index.ts';
import type { Enums } from '../_shared/database.ts';
import {
  HttpError,
  callerClient,
  endpoint,
  fromDbError,
  readBody,
  serviceClient,
  verifiedCaller,
} from '../_shared/http.ts';
import type { Env, UserClient } from '../_shared/http.ts';
import { gradeAnswer } from './grade.ts';
import { parseAnswer } from './parse.ts';
import type { Answer } from './parse.ts';

export { parseAnswer } from './parse.ts';

type Skill = Enums<'skill'>;

const STATES: readonly CardState[] = ['new', 'learning', 'review', 'relearning'];
const MAX_ATTEMPTS = 3;

export type RecordedProgress = {
  item_id: string;
  /** The lesson word's id, for the callers from before the skills (recognition). */
  vocabulary_id?: string;
  skill: Skill;
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

type StoredProgress = {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
  times_seen: number;
  times_correct: number;
};

function toWordProgress(row: StoredProgress): WordProgress {
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

const PROGRESS_COLUMNS =
  'due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, times_seen, times_correct';

/** The stored state of this learner's item in this skill; null before its first answer. */
async function storedProgress(
  service: UserClient,
  userId: string,
  answer: Answer,
): Promise<StoredProgress | null> {
  const { item } = answer;
  const skill = answer.input.skill;
  const query =
    item.kind === 'line'
      ? service
          .from('user_line_progress')
          .select(PROGRESS_COLUMNS)
          .eq('user_id', userId)
          .eq('line_id', item.id)
          .eq('skill', skill)
      : service
          .from('user_vocabulary_progress')
          .select(PROGRESS_COLUMNS)
          .eq('user_id', userId)
          .eq(item.kind === 'vocabulary' ? 'vocabulary_id' : 'glossary_id', item.id)
          .eq('skill', skill);
  const { data, error } = await query.maybeSingle();
  if (error) throw fromDbError(error);
  return data;
}

/** The learner's scheduler: their desired retention, and their fit when it beat the defaults. */
async function learnerScheduling(
  service: UserClient,
  userId: string,
): Promise<{ parameters: readonly number[]; retention: number | undefined }> {
  const [profile, fit] = await Promise.all([
    service.from('profiles').select('desired_retention').eq('user_id', userId).maybeSingle(),
    service
      .from('learner_fsrs_parameters')
      .select('parameters, log_loss_default, log_loss_fitted')
      .eq('user_id', userId)
      .maybeSingle(),
  ]);
  if (profile.error) throw fromDbError(profile.error);
  if (fit.error) throw fromDbError(fit.error);
  const retention = Number(profile.data?.desired_retention);
  return {
    parameters: learnerWeights(fit.data),
    retention: isDesiredRetention(retention) ? retention : undefined,
  };
}

type Recorded = {
  progress: RecordedProgress;
  rating: number;
  correct: boolean;
  replayed: boolean;
};

async function attempt(
  service: UserClient,
  userId: string,
  answer: Answer,
  grade: PracticeGrade,
): Promise<Recorded | 'conflict'> {
  const skill = answer.input.skill;
  const [current, scheduling] = await Promise.all([
    storedProgress(service, userId, answer),
    learnerScheduling(service, userId),
  ]);
  const answeredAt = answer.answeredAt ?? new Date();
  const before = current ? toWordProgress(current) : null;
  // FSRS cannot step back in time. An answer older than the last review is refused by
  // record_review (unless it is a replay, which returns the stored result), so the state
  // computed for it is never stored; computing it at the last review keeps ts-fsrs in range.
  const at =
    before?.last_review && before.last_review > answeredAt ? before.last_review : answeredAt;
  const { progress, log } = reviewItem(
    before,
    { rating: grade.rating, durationMs: answer.durationMs },
    at,
    {
      cardId: skillCardId(userId, answer.item.id, skill),
      parameters: scheduling.parameters,
      ...(scheduling.retention === undefined ? {} : { retention: scheduling.retention }),
    },
  );
  const { data, error } = await service.rpc('record_review', {
    _user_id: userId,
    _skill: skill,
    ...(answer.item.kind === 'vocabulary' ? { _vocabulary_id: answer.item.id } : {}),
    ...(answer.item.kind === 'glossary' ? { _glossary_id: answer.item.id } : {}),
    ...(answer.item.kind === 'line' ? { _line_id: answer.item.id } : {}),
    _was_correct: grade.correct,
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
    _expected_reps: before?.reps ?? 0,
  });
  if (error) {
    if (error.code === '40001') return 'conflict';
    throw fromDbError(error);
  }
  const row = data[0];
  if (!row?.item_id || !row.due || !row.skill) throw new Error('record_review returned no row');
  const rating = row.rating ?? log.rating;
  return {
    progress: {
      item_id: row.item_id,
      ...(answer.item.kind === 'vocabulary' ? { vocabulary_id: row.item_id } : {}),
      skill: row.skill,
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
    rating,
    // A replay answers what was stored: the stored grade's verdict, not this request's.
    correct: row.replayed === true ? rating > 1 : grade.correct,
    replayed: row.replayed === true,
  };
}

export const handler: (req: Request, env: Env) => Promise<Response> = endpoint(async (req, env) => {
  const { userId } = await verifiedCaller(req, env);
  const answer = parseAnswer(await readBody(req));
  const grade = await gradeAnswer(callerClient(req, env).client, answer);
  const service = serviceClient(env);
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const result = await attempt(service, userId, answer, grade);
    if (result !== 'conflict') return result;
  }
  throw new HttpError(409, 'conflict', 'The item was answered concurrently; try again');
});
