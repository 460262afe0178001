import type { Skill } from '@magyarul/core';
import { getSupabase } from '../lib/supabase.ts';
import { newId } from '../lib/ids.ts';
import { idbAll, idbDelete, openOfflineDb, promised, transact } from './idb.ts';
import { browserOffline, isNetworkError } from './network.ts';

// The progress queue (issue 13 point 5). Every progress step the learner makes goes here first,
// in IndexedDB, then to the server in the order it was made, one at a time:
//
//   audio    complete_lesson_audio(lesson, at)               a no-op when done before
//   answer   record-word-result { …, client_answer_id, answered_at }
//                                                            a replayed id returns the stored result
//   practice record-word-result { skill, item, answer …, client_answer_id, answered_at }
//                                                            a practice answer of any skill, the same
//   session  save_flashcard_session(id, total, correct, lesson, at)
//                                                            keyed by the session's id
//
// An entry leaves the queue only after the server answered it, so a closed tab, a reload or a
// lost connection never loses a step, and a step sent twice (the answer got lost on the way
// back, two tabs) is stored once: each carries its idempotency key. Sending in order keeps the
// server's rules true (the audio before the lesson's answers, the answers before their session)
// and FSRS sees the answers in the order they were given, each at the time it was given.

type Base = { readonly seq?: number; readonly userId: string; readonly at: string };
export type QueuedAudio = Base & { readonly kind: 'audio'; readonly lessonId: string };
export type QueuedAnswer = Base & {
  readonly kind: 'answer';
  readonly vocabularyId: string;
  readonly correct: boolean;
  readonly sessionId: string | null;
  readonly clientAnswerId: string;
};
/** The item a practice answer is for: a lesson word, a kept glossary word or a dialogue line. */
export type PracticeItemRef = {
  readonly kind: 'vocabulary' | 'glossary' | 'line';
  readonly id: string;
};
/**
 * An answer of a practice skill (recall, listening, dictation, speaking; a recognition card of
 * the mixed review goes as `answer`). The server grades it from what the learner typed.
 */
export type QueuedPractice = Base & {
  readonly kind: 'practice';
  readonly skill: Skill;
  readonly item: PracticeItemRef;
  /** What the learner typed (or, for a listening choice, the meaning picked). */
  readonly answer?: string;
  readonly hintUsed?: boolean;
  readonly easy?: boolean;
  readonly choice?: boolean;
  /** Say it: the learner's own grade. */
  readonly rating?: 1 | 2 | 3 | 4;
  /** Recognition (a multiple-choice card): the card's verdict. */
  readonly correct?: boolean;
  readonly durationMs: number | null;
  readonly sessionId: string | null;
  readonly clientAnswerId: string;
};
export type QueuedSession = Base & {
  readonly kind: 'session';
  readonly sessionId: string;
  readonly lessonId: string | null;
  readonly totalCards: number;
  readonly correctAnswers: number;
};
export type QueuedStep = QueuedAudio | QueuedAnswer | QueuedPractice | QueuedSession;
type Stored = QueuedStep & { readonly seq: number };

/** sent: stored (or already stored); network: no answer, try later; server: a 5xx or auth
 * problem, try later; rejected: the server refuses the step for good. */
export type Outcome = 'sent' | 'network' | 'server' | 'rejected';

export class StepRejectedError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'StepRejectedError';
    this.code = code;
  }
}

// --- change notifications (the dashboard's sync line) ----------------------------------------
const listeners = new Set<() => void>();
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed(): void {
  for (const listener of listeners) listener();
  try {
    channel()?.postMessage('changed');
  } catch {
    // A closed channel: other tabs refresh on their next change.
  }
}
let broadcast: BroadcastChannel | null | undefined;
function channel(): BroadcastChannel | null {
  if (broadcast === undefined) {
    broadcast =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel('magyarul-queue') : null;
    if (broadcast) broadcast.onmessage = () => listeners.forEach((listener) => listener());
  }
  return broadcast;
}

// --- the store ----------------------------------------------------------------------------------
export async function currentUserId(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.user.id ?? null;
}

/** Adds a step; resolves once it is committed to IndexedDB, with its place in the queue. */
export async function enqueue(step: QueuedStep): Promise<number> {
  const seq = await transact('queue', 'readwrite', async (tx) =>
    Number(await promised(tx.objectStore('queue').add(step))),
  );
  changed();
  return seq;
}

export function queuedSteps(): Promise<Stored[]> {
  return idbAll<Stored>('queue');
}

export async function pendingSteps(userId: string): Promise<Stored[]> {
  return (await queuedSteps()).filter((step) => step.userId === userId);
}

// --- sending ------------------------------------------------------------------------------------
function outcomeOf(error: unknown, status: number | undefined): Outcome {
  if (isNetworkError(error)) return 'network';
  if (status === undefined || status === 0) return 'network';
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'server';
  return 'rejected';
}

const lastErrors = new Map<number, StepRejectedError>();

async function send(step: Stored): Promise<Outcome> {
  const supabase = await getSupabase();
  try {
    if (step.kind === 'audio') {
      const { error, status } = await supabase.rpc('complete_lesson_audio', {
        _lesson_id: step.lessonId,
        _at: step.at,
      });
      if (!error) return 'sent';
      lastErrors.set(step.seq, new StepRejectedError(error.message, error.code));
      return outcomeOf(error, status);
    }
    if (step.kind === 'session') {
      const { error, status } = await supabase.rpc('save_flashcard_session', {
        _session_id: step.sessionId,
        _total_cards: step.totalCards,
        _correct_answers: step.correctAnswers,
        _at: step.at,
        ...(step.lessonId ? { _lesson_id: step.lessonId } : {}),
      });
      if (!error) return 'sent';
      lastErrors.set(step.seq, new StepRejectedError(error.message, error.code));
      return outcomeOf(error, status);
    }
    const { error } = await supabase.functions.invoke('record-word-result', {
      body:
        step.kind === 'practice'
          ? practiceBody(step)
          : {
              vocabulary_id: step.vocabularyId,
              was_correct: step.correct,
              session_id: step.sessionId,
              client_answer_id: step.clientAnswerId,
              answered_at: step.at,
            },
    });
    if (!error) return 'sent';
    const context = (error as { context?: unknown }).context;
    const status = context instanceof Response ? context.status : undefined;
    lastErrors.set(step.seq, new StepRejectedError(String(error.message), 'answer'));
    // 409 is a refusal (older than the word's last review) unless other answers to the word kept
    // coming in while the function retried: that one is worth sending again.
    if (status === 409 && context instanceof Response) {
      const body = (await context.json().catch(() => null)) as { message?: unknown } | null;
      if (typeof body?.message === 'string' && /concurrently/i.test(body.message)) return 'server';
    }
    return outcomeOf(error, status);
  } catch (error) {
    return outcomeOf(error, undefined);
  }
}

/** record-word-result's body for a practice answer (supabase/functions/record-word-result). */
export function practiceBody(step: QueuedPractice): Record<string, unknown> {
  const field = { vocabulary: 'vocabulary_id', glossary: 'glossary_id', line: 'line_id' }[
    step.item.kind
  ];
  return {
    [field]: step.item.id,
    skill: step.skill,
    ...(step.answer === undefined ? {} : { answer: step.answer }),
    ...(step.hintUsed ? { hint_used: true } : {}),
    ...(step.easy ? { easy: true } : {}),
    ...(step.choice ? { choice: true } : {}),
    ...(step.rating === undefined ? {} : { rating: step.rating }),
    ...(step.correct === undefined ? {} : { was_correct: step.correct }),
    ...(step.durationMs === null ? {} : { response_time_ms: step.durationMs }),
    session_id: step.sessionId,
    client_answer_id: step.clientAnswerId,
    answered_at: step.at,
  };
}

const outcomes = new Map<number, Outcome>();
let flushing: Promise<void> | null = null;
let again = false;

async function drain(): Promise<void> {
  const userId = await currentUserId();
  if (!userId) return;
  for (;;) {
    const next = (await pendingSteps(userId))[0];
    if (!next) return;
    const outcome = await send(next);
    outcomes.set(next.seq, outcome);
    if (outcome === 'network' || outcome === 'server') return;
    if (outcome === 'rejected') {
      console.warn('The server refused a queued progress step; it is dropped', next);
    }
    await idbDelete('queue', next.seq);
    changed();
  }
}

/**
 * Sends what is queued for the signed-in learner, oldest first, until the queue is empty or the
 * connection fails. One sender at a time across tabs (Web Locks); the idempotency keys make even
 * two senders harmless.
 */
export function flushQueue(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  const run = async () => {
    try {
      do {
        again = false;
        if (browserOffline()) return;
        if (typeof navigator !== 'undefined' && navigator.locks) {
          await navigator.locks.request('magyarul-offline-queue', () => drain());
        } else {
          await drain();
        }
      } while (again);
    } catch (error) {
      console.warn('Sending the offline queue failed; it is kept for later', error);
    }
  };
  // Cleared in a callback, never synchronously inside run(): a run that returns at once
  // (offline) must not leave a finished promise behind as "still flushing".
  flushing = run().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Queues a step and, when online, sends the queue. Resolves once the step is stored on the
 * server, or kept on this device because there is no connection; throws when the server
 * refused it or failed (the page says so, as before the queue).
 */
export async function submitStep(step: QueuedStep): Promise<'stored' | 'queued'> {
  const seq = await enqueue(step);
  await flushQueue();
  const outcome = outcomes.get(seq);
  outcomes.delete(seq);
  const error = lastErrors.get(seq);
  lastErrors.delete(seq);
  if (outcome === 'sent') return 'stored';
  if (outcome === 'rejected' || outcome === 'server') {
    // The page tells the learner and may try again itself: the step is not left behind.
    if (outcome === 'server') await idbDelete('queue', seq).then(changed);
    throw error ?? new StepRejectedError('The step was not saved', 'internal');
  }
  return 'queued';
}

/** Records one flashcard answer (never throws: spec §8, a lost review must not stop a session). */
export async function queueAnswer(
  vocabularyId: string,
  correct: boolean,
  sessionId: string | null,
): Promise<void> {
  try {
    const userId = await currentUserId();
    if (!userId) return;
    await enqueue({
      kind: 'answer',
      userId,
      vocabularyId,
      correct,
      sessionId,
      clientAnswerId: newId(),
      at: new Date().toISOString(),
    });
    void flushQueue();
  } catch (error) {
    console.error('record-word-result could not be queued', error);
  }
}

/** What a practice answer carries besides the learner and its idempotency key. */
export type PracticeAnswerInput = Omit<
  QueuedPractice,
  'kind' | 'userId' | 'at' | 'clientAnswerId' | 'seq'
>;

/** Records one practice answer through the queue (never throws, like queueAnswer). */
export async function queuePracticeAnswer(input: PracticeAnswerInput): Promise<void> {
  try {
    const userId = await currentUserId();
    if (!userId) return;
    await enqueue({
      ...input,
      kind: 'practice',
      userId,
      clientAnswerId: newId(),
      at: new Date().toISOString(),
    });
    void flushQueue();
  } catch (error) {
    console.error('A practice answer could not be queued', error);
  }
}

let started = false;
/** How often a waiting queue is tried again: 'online' events are not always sent. */
const RETRY_MS = 4000;

/**
 * Sends the queue at start, when the connection comes back, when the tab is shown, and every
 * few seconds while steps wait (a browser does not always tell a page it is online again).
 */
export function startQueueSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flushQueue());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushQueue();
  });
  window.setInterval(() => {
    if (browserOffline() || flushing) return;
    queuedSteps()
      .then((steps) => (steps.length > 0 ? flushQueue() : undefined))
      .catch(() => undefined);
  }, RETRY_MS);
  void openOfflineDb()
    .then(() => flushQueue())
    .catch((error: unknown) => console.warn('The offline store is not available', error));
}
