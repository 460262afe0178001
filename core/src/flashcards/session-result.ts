export const PASS_RATIO = 0.8;

/** One answered card of a session (learner spec §3). */
export type CardResult = {
  readonly cardId: string;
  readonly correct: boolean;
  /** Milliseconds from showing the card to answering it. */
  readonly timeSpent: number;
  readonly selectedOption: string;
};

export type SessionResult = {
  readonly totalCards: number;
  readonly correctAnswers: number;
  /** Whole percent, 0–100. */
  readonly accuracy: number;
  readonly results: readonly CardResult[];
};

/** Correct answers needed to pass a session of `total` cards: ceil(0.8 × n), 16 of 20. */
export function passMark(total: number): number {
  // Rounded first so float noise (0.8 × 15 = 12.000000000000002) cannot add a card.
  return Math.ceil(Math.round(total * PASS_RATIO * 1e9) / 1e9);
}

export function isPassed(correctAnswers: number, totalCards: number): boolean {
  return totalCards > 0 && correctAnswers >= passMark(totalCards);
}

/** Accuracy as a whole percent; an empty session is 0 %. */
export function accuracyPercent(correctAnswers: number, totalCards: number): number {
  return totalCards === 0 ? 0 : Math.round((correctAnswers / totalCards) * 100);
}

export function summariseSession(
  totalCards: number,
  results: readonly CardResult[],
): SessionResult {
  const correctAnswers = results.filter((r) => r.correct).length;
  return {
    totalCards,
    correctAnswers,
    accuracy: accuracyPercent(correctAnswers, totalCards),
    results,
  };
}
