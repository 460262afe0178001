// Generated from core/src/srs/progress.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { State, createEmptyCard } from 'ts-fsrs';
import type { Card } from 'ts-fsrs';

export type CardState = 'new' | 'learning' | 'review' | 'relearning';

/** What is persisted per (learner, word): the FSRS card plus answer counts. */
export type WordProgress = {
  readonly due: Date;
  readonly stability: number;
  readonly difficulty: number;
  readonly elapsed_days: number;
  readonly scheduled_days: number;
  readonly learning_steps: number;
  readonly reps: number;
  readonly lapses: number;
  readonly state: CardState;
  readonly last_review: Date | null;
  readonly times_seen: number;
  readonly times_correct: number;
};

const stateNames: Readonly<Record<State, CardState>> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

const stateValues: Readonly<Record<CardState, State>> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

export function stateName(state: State): CardState {
  return stateNames[state];
}

export function toFsrsCard(progress: WordProgress): Card {
  const card: Card = {
    due: progress.due,
    stability: progress.stability,
    difficulty: progress.difficulty,
    elapsed_days: progress.elapsed_days,
    scheduled_days: progress.scheduled_days,
    learning_steps: progress.learning_steps,
    reps: progress.reps,
    lapses: progress.lapses,
    state: stateValues[progress.state],
  };
  if (progress.last_review) card.last_review = progress.last_review;
  return card;
}

export function fromFsrsCard(
  card: Card,
  counts: Pick<WordProgress, 'times_seen' | 'times_correct'>,
): WordProgress {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: stateName(card.state),
    last_review: card.last_review ?? null,
    times_seen: counts.times_seen,
    times_correct: counts.times_correct,
  };
}

/** A word the learner has never reviewed: due at once. */
export function newWordProgress(now: Date): WordProgress {
  return fromFsrsCard(createEmptyCard(now), { times_seen: 0, times_correct: 0 });
}
