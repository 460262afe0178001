// Generated from core/src/practice/grade.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// Grading one practice answer in any skill: the verdict and the FSRS grade. The server grades
// with this (record-word-result), never with a verdict the client sends for a typed answer; the
// apps use the same checks for the feedback they show, so both agree.
import { Rating } from 'ts-fsrs';
import type { Grade } from 'ts-fsrs';
import { checkAnswer } from '../answers/compare.ts';
import { answerKey } from '../answers/normalise.ts';
import type { AnswerCheck } from '../answers/compare.ts';
import { checkLine } from '../answers/dictation.ts';
import type { LineCheck } from '../answers/dictation.ts';
import { ratingForAnswer } from '../srs/rating.ts';
import { ratingForTypedAnswer } from '../srs/typed-rating.ts';

type Timed = { readonly durationMs?: number | null };
type Typed = Timed & {
  /** What the learner typed (or, for a listening choice, the meaning they picked). */
  readonly typed: string;
  /** The learner said, after a right answer, that it was easy. */
  readonly easy?: boolean;
};

export type PracticeAnswer =
  /** Recognition: the multiple-choice card; the verdict is the card's. */
  | (Timed & { readonly skill: 'recognition'; readonly correct: boolean })
  /** Recall: the Hungarian typed for a meaning; `accepted` is the vocabulary field. */
  | (Typed & { readonly skill: 'recall'; readonly accepted: string; readonly hintUsed?: boolean })
  /**
   * Listening: the meaning picked among options (`choice`) or typed, checked against every
   * meaning the word has (English, German, Spanish: the learner may answer in any).
   */
  | (Typed & {
      readonly skill: 'listening';
      readonly meanings: readonly (string | null | undefined)[];
      readonly choice?: boolean;
    })
  /** Dictation: the line typed as heard. */
  | (Typed & { readonly skill: 'dictation'; readonly line: string })
  /** Say it: the learner's own grade. */
  | { readonly skill: 'speaking'; readonly rating: Grade };

export type PracticeGrade = {
  readonly correct: boolean;
  readonly rating: Grade;
  /** The typed check behind the verdict, for feedback (recall, typed listening). */
  readonly check?: AnswerCheck;
  /** The word-by-word check of a dictation. */
  readonly line?: LineCheck;
};

const GRADES: readonly number[] = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];

function letters(text: string): number {
  return Array.from(text.normalize('NFC')).length;
}

function listeningCheck(typed: string, meanings: readonly (string | null | undefined)[]) {
  let closest: AnswerCheck | null = null;
  for (const meaning of meanings) {
    if (typeof meaning !== 'string' || meaning.trim() === '') continue;
    // A picked option is the whole field as the card showed it (`gut, schön`).
    if (answerKey(typed) === answerKey(meaning)) {
      const text = meaning.normalize('NFC').trim();
      return {
        verdict: 'right',
        headword: text,
        expected: text,
        segments: [{ type: 'same', text }],
        differences: [],
      } satisfies AnswerCheck;
    }
    const check = checkAnswer(typed, meaning);
    if (check.verdict === 'right') return check;
    if (closest === null || (closest.verdict === 'wrong' && check.verdict === 'nearMiss')) {
      closest = check;
    }
  }
  return closest ?? checkAnswer(typed, '');
}

/** The verdict and FSRS grade of one answer. */
export function gradePracticeAnswer(answer: PracticeAnswer): PracticeGrade {
  switch (answer.skill) {
    case 'recognition':
      return {
        correct: answer.correct,
        rating: ratingForAnswer({ correct: answer.correct, durationMs: answer.durationMs }),
      };
    case 'speaking':
      if (!GRADES.includes(answer.rating)) {
        throw new RangeError(`A review is graded 1–4: ${String(answer.rating)}`);
      }
      return { correct: answer.rating !== Rating.Again, rating: answer.rating };
    case 'recall': {
      const check = checkAnswer(answer.typed, answer.accepted);
      const correct = check.verdict === 'right';
      const rating = ratingForTypedAnswer({
        correct,
        expectedLength: letters(check.expected),
        durationMs: answer.durationMs,
        hintUsed: answer.hintUsed,
        easy: answer.easy,
      });
      return { correct, rating, check };
    }
    case 'listening': {
      const check = listeningCheck(answer.typed, answer.meanings);
      const correct = check.verdict === 'right';
      // A picked meaning is a multiple-choice answer: never Easy, as recognition.
      const rating =
        answer.choice === true
          ? ratingForAnswer({ correct, durationMs: answer.durationMs })
          : ratingForTypedAnswer({
              correct,
              expectedLength: letters(check.expected),
              durationMs: answer.durationMs,
              easy: answer.easy,
            });
      return { correct, rating, check };
    }
    case 'dictation': {
      const line = checkLine(answer.typed, answer.line);
      const rating = ratingForTypedAnswer({
        correct: line.right,
        expectedLength: letters(answer.line.trim()),
        durationMs: answer.durationMs,
        easy: answer.easy,
      });
      return { correct: line.right, rating, line };
    }
  }
}
