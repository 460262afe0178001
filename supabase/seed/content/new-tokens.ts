// How many of a dialogue's word tokens are new to the learner, two ways (course-syllabus.test.ts
// holds both, README "New tokens"):
//
// Strict (isNewToken): every occurrence of a word not taught in an earlier lesson is new, the
//   words a lesson teaches included, however often the dialogue repeats them. Lesson 1 can never
//   pass it (everything in it is taught in it), so it is held from lesson 4 on.
// First hearing (isFirstHearing): a token is new when it is the learner's first hearing of what
//   it says: its item (or items: a preverb and its verb, a numeral's parts; for a glossed or
//   uncovered word, the form itself) was not heard in any earlier token of the course, in earlier
//   lessons or earlier in the same lesson. The words of one multi-word item where it is heard
//   (jó napot) are one hearing. Held for every lesson: a dialogue that repeats what it teaches
//   passes it.
// Names are never new; every token counts in the total.
import { itemsOf, type CourseAnalysis, type TokenUse } from './course-check.ts';

export type TokenShare = { tokens: number; new: number; share: number };

/**
 * Whether a token of lesson n is new to the learner: it is not a name, and it is not a form of
 * items all taught in lessons before n (a token of an item taught in lesson n itself, a glossed
 * form and an uncovered one are new; a preverb verb or a numeral is new when one of its parts is
 * taught in lesson n). Every occurrence counts, not only the first.
 */
export function isNewToken(analysis: CourseAnalysis, use: TokenUse): boolean {
  if (use.by === 'name') return false;
  const items = itemsOf(use);
  if (items.length === 0) return true;
  return items.some((hu) => (analysis.lessonOf.get(hu) ?? use.lesson) >= use.lesson);
}

function share(tokens: number, fresh: number): TokenShare {
  return { tokens, new: fresh, share: tokens === 0 ? 0 : fresh / tokens };
}

/** Lesson n's word tokens and how many of them are new (isNewToken). */
export function newTokenShare(analysis: CourseAnalysis, lesson: number): TokenShare {
  const uses = analysis.uses.filter((u) => u.lesson === lesson);
  return share(uses.length, uses.filter((u) => isNewToken(analysis, u)).length);
}

/** What a token lets the learner hear: its items, or its form when it has none; nothing for a name. */
function heardAs(use: TokenUse): string[] {
  if (use.by === 'name') return [];
  const items = itemsOf(use);
  return items.length > 0 ? items.map((hu) => `item:${hu}`) : [`form:${use.token}`];
}

/**
 * The tokens of the course (in course order, as analysis.uses) that are the learner's first
 * hearing of their item, or of their form when they have no item: a Set of indices into uses.
 */
export function firstHearings(analysis: CourseAnalysis): ReadonlySet<number> {
  const heard = new Set<string>();
  const first = new Set<number>();
  analysis.uses.forEach((use, i) => {
    const keys = heardAs(use);
    // The later words of a multi-word item belong to the hearing of its first word.
    const fresh = use.part > 0 ? first.has(i - 1) : keys.some((k) => !heard.has(k));
    if (fresh && keys.length > 0) first.add(i);
    for (const key of keys) heard.add(key);
  });
  return first;
}

/** Lesson n's word tokens and how many of them are first hearings (firstHearings). */
export function firstHearingShare(
  analysis: CourseAnalysis,
  lesson: number,
  first: ReadonlySet<number> = firstHearings(analysis),
): TokenShare {
  const indices = analysis.uses.flatMap((use, i) => (use.lesson === lesson ? [i] : []));
  return share(indices.length, indices.filter((i) => first.has(i)).length);
}
