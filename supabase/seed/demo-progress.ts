// The demo learner's history, replayed through the real scheduler (core's reviewWord, FSRS-6)
// so every stored state is one the app itself could have produced: three days ago the learner
// listened to lesson 1 and passed its flashcards (18 of 20), then reviewed the words that fell
// due on each of the next two days. Today a few words are due again, the tourist pack shows
// progress, the streak counts three days and lesson 2 is open with its audio finished.
import { reviewWord } from '@magyarul/core/srs';
import type { ReviewLogRecord, WordProgress } from '@magyarul/core/srs';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Up to 20 cards per session (the spec's session size). */
const SESSION_CARDS = 20;

export type DemoSession = {
  /** 'lesson' = the lesson's own flashcards; 'review' = the review page (lesson_id null). */
  readonly kind: 'lesson' | 'review';
  readonly startedAt: Date;
  readonly completedAt: Date;
  readonly totalCards: number;
  readonly correctAnswers: number;
  /** Percent, 0–100. */
  readonly accuracy: number;
};

export type DemoReview = {
  readonly word: string;
  readonly sessionIndex: number;
  readonly correct: boolean;
  readonly log: ReviewLogRecord;
  /** The word's state after this answer (what record_answer stores). */
  readonly progress: WordProgress;
};

export type DemoHistory = {
  readonly sessions: readonly DemoSession[];
  readonly reviews: readonly DemoReview[];
  /** Final progress per word (keyed by word_hu). */
  readonly progress: ReadonlyMap<string, WordProgress>;
  /** When lesson 1's audio was finished and when its flashcards were passed. */
  readonly lesson1AudioAt: Date;
  readonly lesson1CompletedAt: Date;
  /** When lesson 2's audio was finished (its flashcards are still to do). */
  readonly lesson2AudioAt: Date;
};

/** Answers the demo learner got wrong: (word, how many times seen before). */
const MISSES: ReadonlySet<string> = new Set(['viszontlátásra#0', 'magyar#0']);

/**
 * Replays the history for the given lesson-1 words (in lesson order), ending at `now`.
 * Deterministic for a given `now`: the scheduler's fuzz is seeded per card.
 */
export function demoHistory(words: readonly string[], now: Date, cardPrefix: string): DemoHistory {
  const at = (days: number, minutes = 0): Date =>
    new Date(now.getTime() - days * DAY_MS + minutes * MINUTE_MS);
  const progress = new Map<string, WordProgress>();
  const reviews: DemoReview[] = [];
  const sessions: DemoSession[] = [];

  function answer(word: string, when: Date, sessionIndex: number): boolean {
    const previous = progress.get(word) ?? null;
    const seen = previous?.times_seen ?? 0;
    const correct = !MISSES.has(`${word}#${seen}`);
    const outcome = reviewWord(previous, { correct, durationMs: 2500 + (seen % 3) * 900 }, when, {
      cardId: `${cardPrefix}:${word}`,
    });
    progress.set(word, outcome.progress);
    reviews.push({ word, sessionIndex, correct, log: outcome.log, progress: outcome.progress });
    return correct;
  }

  function session(kind: DemoSession['kind'], start: Date, cards: readonly string[]): void {
    const sessionIndex = sessions.length;
    let correctAnswers = 0;
    cards.forEach((word, i) => {
      if (answer(word, new Date(start.getTime() + (i + 1) * 20_000), sessionIndex)) {
        correctAnswers += 1;
      }
    });
    sessions.push({
      kind,
      startedAt: start,
      completedAt: new Date(start.getTime() + (cards.length + 1) * 20_000),
      totalCards: cards.length,
      correctAnswers,
      accuracy: Math.round((correctAnswers / cards.length) * 100),
    });
  }

  // Three days ago: lesson 1's audio, then its flashcards: every word once (Hungarian to
  // English), then the first words again the other way round, 20 cards in all.
  const lesson1AudioAt = at(3);
  const lessonStart = at(3, 3);
  const lessonCards = [...words, ...words].slice(0, SESSION_CARDS);
  session('lesson', lessonStart, lessonCards);
  const lesson1CompletedAt = sessions[0]?.completedAt ?? lessonStart;

  // The next two days: the review page with whatever had fallen due, most overdue first.
  for (const daysAgo of [2, 1]) {
    const start = at(daysAgo, 5);
    const due = [...progress.entries()]
      .filter(([, p]) => p.due.getTime() <= start.getTime())
      .sort(([, a], [, b]) => a.due.getTime() - b.due.getTime())
      .map(([word]) => word)
      .slice(0, SESSION_CARDS);
    if (due.length > 0) session('review', start, due);
  }

  return {
    sessions,
    reviews,
    progress,
    lesson1AudioAt,
    lesson1CompletedAt,
    lesson2AudioAt: at(1, 30),
  };
}
