// How a lesson's level (the schema's beginner / intermediate / advanced) follows what the course
// teaches, in CEFR terms: beginner is A1, intermediate A2, advanced B1 and above. A learner who
// has finished a lesson knows every item taught up to it; A1 is an inventory of roughly 500–700
// words and phrases with the present, the past, the future with fog and first relative clauses,
// A2 starts beyond that. The course teaches fewer than A2_ITEMS items, so all thirty lessons are
// A1 (beginner), and the landing page and README say so.
import type { Difficulty } from './types.ts';

/** From this many items taught (by the end of a lesson) the course's vocabulary reaches A2. */
export const A2_ITEMS = 700;

/** B1 begins around here (not reached by this course). */
export const B1_ITEMS = 1500;

export function levelFor(itemsTaughtSoFar: number): Difficulty {
  if (itemsTaughtSoFar >= B1_ITEMS) return 'advanced';
  if (itemsTaughtSoFar >= A2_ITEMS) return 'intermediate';
  return 'beginner';
}
