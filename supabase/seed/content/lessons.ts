// The demo course: thirty dialogue lessons from A1 to A2 between Anna (a doctor from Debrecen who
// has just moved to Budapest) and Bence (a Budapest teacher), her neighbour, with a narrator who
// sets the scene and speaks for the people they meet. Lessons 1–5 are the free trial. Lessons
// are written in groups of five (lessons-NN-NN.ts); course.test.ts checks every word a learner
// hears against what the course has taught by then.
import { LESSONS_01_05 } from './lessons-01-05.ts';
import { LESSONS_06_10 } from './lessons-06-10.ts';
import { LESSONS_11_15 } from './lessons-11-15.ts';
import { LESSONS_16_20 } from './lessons-16-20.ts';
import { LESSONS_21_25 } from './lessons-21-25.ts';
import { LESSONS_26_30 } from './lessons-26-30.ts';
import type { SeedLesson } from './types.ts';

export const LESSONS: readonly SeedLesson[] = [
  ...LESSONS_01_05,
  ...LESSONS_06_10,
  ...LESSONS_11_15,
  ...LESSONS_16_20,
  ...LESSONS_21_25,
  ...LESSONS_26_30,
];
