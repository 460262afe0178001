// The mixed review (issue 30, acceptance 4): every due item of every skill, plus new items
// within the learner's daily limit, in a session of the length they chose, interleaved so one
// word's (or line's) skills never follow each other when that can be avoided, and skills mix.
import type { Skill } from '../enums/index.ts';

export const SESSION_SIZES = [10, 20, 50] as const;
export type SessionSize = (typeof SESSION_SIZES)[number];
/** profiles.new_items_per_day's default. */
export const DEFAULT_NEW_ITEMS_PER_DAY = 15;

/** What the session builder needs of an item: which word or line, which skill, when due. */
export type SessionItem = {
  readonly itemId: string;
  readonly skill: Skill;
  /** When the item fell due; null for a new item (never answered in this skill). */
  readonly due: Date | null;
};

/** New items the learner may still start today under their daily limit. */
export function newItemsLeft(limit: number, startedToday: number): number {
  return Math.max(0, Math.floor(limit) - Math.max(0, Math.floor(startedToday)));
}

function feasible(counts: ReadonlyMap<string, number>, remaining: number, previous: string | null) {
  // The rest can be laid out with no id twice in a row, starting after `previous`, exactly when
  // no id fills more than half of it (rounded up), and `previous` at most half (rounded down).
  for (const [id, count] of counts) {
    const limit = id === previous ? Math.floor(remaining / 2) : Math.ceil(remaining / 2);
    if (count > limit) return false;
  }
  return true;
}

/**
 * Orders `items` (taken in the given priority order) so that two items of the same word or
 * line are never adjacent when any order allows it, and, where it costs nothing, the skill
 * changes from one card to the next. Otherwise keeps the priority order.
 */
export function interleaveItems<T extends SessionItem>(items: readonly T[]): T[] {
  const pending = [...items];
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.itemId, (counts.get(item.itemId) ?? 0) + 1);
  const result: T[] = [];
  let previous: T | null = null;
  while (pending.length > 0) {
    const remainingAfter = pending.length - 1;
    let choice = -1;
    let fallback = -1;
    let other = -1;
    for (let i = 0; i < pending.length; i++) {
      const item = pending[i] as T;
      if (previous !== null && item.itemId === previous.itemId) continue;
      if (other < 0) other = i;
      counts.set(item.itemId, (counts.get(item.itemId) ?? 0) - 1);
      const ok = feasible(counts, remainingAfter, item.itemId);
      counts.set(item.itemId, (counts.get(item.itemId) ?? 0) + 1);
      if (!ok) continue;
      if (fallback < 0) fallback = i;
      if (previous === null || item.skill !== previous.skill) {
        choice = i;
        break;
      }
    }
    // Nothing keeps the rule for the rest (too many cards of one word): avoid the repeat now if
    // another word is left, else take the first; it cannot be helped.
    const index = choice >= 0 ? choice : fallback >= 0 ? fallback : Math.max(other, 0);
    const [picked] = pending.splice(index, 1) as [T];
    counts.set(picked.itemId, (counts.get(picked.itemId) ?? 0) - 1);
    result.push(picked);
    previous = picked;
  }
  return result;
}

export type MixedSessionOptions = {
  readonly size: SessionSize | number;
  /** New items still allowed today (`newItemsLeft`). */
  readonly newAllowed: number;
  readonly now: Date;
};

/**
 * A mixed review session: due items first, most overdue first (items not yet due are left
 * out), then new items in the order given, no more than allowed today, up to `size` in all;
 * then interleaved.
 */
export function mixedSession<T extends SessionItem>(
  due: readonly T[],
  fresh: readonly T[],
  options: MixedSessionOptions,
): T[] {
  const size = Math.max(0, Math.floor(options.size));
  const nowMs = options.now.getTime();
  const dueNow = due
    .filter((item) => item.due !== null && item.due.getTime() <= nowMs)
    .sort((a, b) => (a.due as Date).getTime() - (b.due as Date).getTime())
    .slice(0, size);
  const room = Math.min(size - dueNow.length, Math.max(0, Math.floor(options.newAllowed)));
  const newOnes = fresh.filter((item) => item.due === null).slice(0, Math.max(0, room));
  return interleaveItems([...dueNow, ...newOnes]);
}
