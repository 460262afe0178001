// Generated from core/src/srs/skills.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { SKILLS } from '../enums/index.ts';
import type { Skill } from '../enums/index.ts';

/** Skills of a vocabulary (or glossary) word. */
export const WORD_SKILLS = [
  'recognition',
  'recall',
  'listening',
] as const satisfies readonly Skill[];
/** Skills of a dialogue line. */
export const LINE_SKILLS = ['dictation', 'speaking'] as const satisfies readonly Skill[];

export type WordSkill = (typeof WORD_SKILLS)[number];
export type LineSkill = (typeof LINE_SKILLS)[number];

export function isSkill(value: unknown): value is Skill {
  return (SKILLS as readonly unknown[]).includes(value);
}

export function isWordSkill(skill: Skill): skill is WordSkill {
  return (WORD_SKILLS as readonly Skill[]).includes(skill);
}

export function isLineSkill(skill: Skill): skill is LineSkill {
  return (LINE_SKILLS as readonly Skill[]).includes(skill);
}

/**
 * The FSRS card id of one learner's item in one skill, `user:item:skill`: it seeds the interval
 * fuzz, so each skill of a word spreads out on its own.
 */
export function skillCardId(userId: string, itemId: string, skill: Skill): string {
  return `${userId}:${itemId}:${skill}`;
}
