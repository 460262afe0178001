// The request body of record-word-result as an answer, or a 400 naming the field's problem.
// Which fields an answer needs depends on its skill (DESIGN §12.1):
//   recognition  vocabulary_id | glossary_id, was_correct (the multiple-choice card's verdict)
//   recall       vocabulary_id | glossary_id, answer (typed), hint_used?, easy?
//   listening    vocabulary_id | glossary_id, answer (the meaning typed or picked), choice?, easy?
//   dictation    line_id, answer (the line typed), easy?
//   speaking     line_id, rating 1–4 (the learner's own grade)
// A client's was_correct is read for recognition only: every other verdict is the server's.
import { isSkill, isWordSkill } from '../_shared/core/index.ts';
import type { Enums } from '../_shared/database.ts';
import { HttpError, optionalUuidField, uuidField } from '../_shared/http.ts';

type Skill = Enums<'skill'>;

const MAX_DURATION_MS = 3_600_000;
/** Longer than any line of the course; a typed answer past it is refused, not graded. */
export const MAX_ANSWER_LENGTH = 500;

export type ItemRef =
  | { readonly kind: 'vocabulary'; readonly id: string }
  | { readonly kind: 'glossary'; readonly id: string }
  | { readonly kind: 'line'; readonly id: string };

export type AnswerInput =
  | { readonly skill: 'recognition'; readonly correct: boolean }
  | {
      readonly skill: 'recall';
      readonly typed: string;
      readonly hintUsed: boolean;
      readonly easy: boolean;
    }
  | {
      readonly skill: 'listening';
      readonly typed: string;
      readonly choice: boolean;
      readonly easy: boolean;
    }
  | { readonly skill: 'dictation'; readonly typed: string; readonly easy: boolean }
  | { readonly skill: 'speaking'; readonly rating: 1 | 2 | 3 | 4 };

export type Answer = {
  readonly item: ItemRef;
  readonly input: AnswerInput;
  readonly durationMs: number | null;
  readonly sessionId: string | null;
  readonly clientAnswerId: string | null;
  /** When the learner answered; null means now. */
  readonly answeredAt: Date | null;
};

function flag(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    throw new HttpError(400, 'invalid_argument', `${name} must be true or false`);
  }
  return value;
}

function typedAnswer(body: Record<string, unknown>): string {
  const value = body.answer;
  if (typeof value !== 'string') {
    throw new HttpError(400, 'invalid_argument', 'answer must be the text the learner typed');
  }
  if (value.length > MAX_ANSWER_LENGTH) {
    throw new HttpError(
      400,
      'invalid_argument',
      `answer must be at most ${MAX_ANSWER_LENGTH} characters`,
    );
  }
  return value.normalize('NFC');
}

function itemOf(body: Record<string, unknown>, skill: Skill): ItemRef {
  const vocabulary = optionalUuidField(body, 'vocabulary_id');
  const glossary = optionalUuidField(body, 'glossary_id');
  const line = optionalUuidField(body, 'line_id');
  const given = [vocabulary, glossary, line].filter((id) => id !== null).length;
  if (given !== 1) {
    throw new HttpError(
      400,
      'invalid_argument',
      'one of vocabulary_id, glossary_id or line_id must be a uuid',
    );
  }
  if (isWordSkill(skill) === (line !== null)) {
    throw new HttpError(
      400,
      'invalid_argument',
      `${skill} is a skill of ${isWordSkill(skill) ? 'words' : 'lines'}`,
    );
  }
  if (vocabulary !== null) return { kind: 'vocabulary', id: vocabulary };
  if (glossary !== null) return { kind: 'glossary', id: glossary };
  return { kind: 'line', id: uuidField(body, 'line_id') };
}

function inputOf(body: Record<string, unknown>, skill: Skill): AnswerInput {
  switch (skill) {
    case 'recognition':
      if (typeof body.was_correct !== 'boolean') {
        throw new HttpError(400, 'invalid_argument', 'was_correct must be true or false');
      }
      return { skill, correct: body.was_correct };
    case 'recall':
      return {
        skill,
        typed: typedAnswer(body),
        hintUsed: flag(body, 'hint_used'),
        easy: flag(body, 'easy'),
      };
    case 'listening':
      return {
        skill,
        typed: typedAnswer(body),
        choice: flag(body, 'choice'),
        easy: flag(body, 'easy'),
      };
    case 'dictation':
      return { skill, typed: typedAnswer(body), easy: flag(body, 'easy') };
    case 'speaking': {
      const rating = body.rating;
      if (rating !== 1 && rating !== 2 && rating !== 3 && rating !== 4) {
        throw new HttpError(400, 'invalid_argument', 'rating must be 1, 2, 3 or 4');
      }
      return { skill, rating };
    }
  }
}

/** The request body as an answer; throws 400 with the field's problem. */
export function parseAnswer(body: Record<string, unknown>): Answer {
  const rawSkill = body.skill ?? 'recognition';
  if (!isSkill(rawSkill)) {
    throw new HttpError(
      400,
      'invalid_argument',
      'skill must be recognition, recall, listening, dictation or speaking',
    );
  }
  const item = itemOf(body, rawSkill);
  const input = inputOf(body, rawSkill);
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
    item,
    input,
    durationMs: typeof rawTime === 'number' ? Math.min(rawTime, MAX_DURATION_MS) : null,
    sessionId: optionalUuidField(body, 'session_id'),
    clientAnswerId: optionalUuidField(body, 'client_answer_id'),
    answeredAt,
  };
}
