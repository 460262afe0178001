import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS } from '../enums/index.ts';
import type { Skill } from '../enums/index.ts';
import { interleaveItems, mixedSession, newItemsLeft, SESSION_SIZES } from './mixed-session.ts';
import type { SessionItem } from './mixed-session.ts';

const now = new Date('2026-06-15T10:00:00Z');
const dueItem = (itemId: string, skill: Skill, hoursAgo: number): SessionItem => ({
  itemId,
  skill,
  due: new Date(now.getTime() - hoursAgo * 3_600_000),
});
const fresh = (itemId: string, skill: Skill): SessionItem => ({ itemId, skill, due: null });
const label = (items: readonly SessionItem[]) => items.map((i) => `${i.itemId}.${i.skill}`);
const adjacentSame = (items: readonly SessionItem[]) =>
  items.some((item, i) => i > 0 && items[i - 1]?.itemId === item.itemId);

describe('mixed review session', () => {
  it('returns due items first, most overdue first, then new ones within the daily limit', () => {
    const due = [
      dueItem('a', 'recall', 1),
      dueItem('b', 'recognition', 30),
      dueItem('c', 'dictation', -2),
    ];
    const newOnes = [fresh('d', 'recognition'), fresh('e', 'recognition'), fresh('f', 'speaking')];
    const session = mixedSession(due, newOnes, { size: 10, newAllowed: 2, now });
    expect(label(session)).toEqual(['b.recognition', 'a.recall', 'd.recognition', 'e.recognition']);
  });

  it('returns at most the session size, due items before new ones', () => {
    const due = Array.from({ length: 30 }, (_, i) => dueItem(`w${i}`, 'recall', 30 - i));
    const newOnes = Array.from({ length: 30 }, (_, i) => fresh(`n${i}`, 'recognition'));
    expect(mixedSession(due, newOnes, { size: 20, newAllowed: 15, now })).toHaveLength(20);
    expect(mixedSession(due, newOnes, { size: 20, newAllowed: 15, now }).every((i) => i.due)).toBe(
      true,
    );
    const few = mixedSession(due.slice(0, 5), newOnes, { size: 50, newAllowed: 15, now });
    expect(few.filter((i) => i.due === null)).toHaveLength(15);
    expect(mixedSession(due, newOnes, { size: 0, newAllowed: 15, now })).toEqual([]);
    expect(SESSION_SIZES).toEqual([10, 20, 50]);
  });

  it('returns the new items left today under the limit', () => {
    expect(newItemsLeft(15, 0)).toBe(15);
    expect(newItemsLeft(15, 12)).toBe(3);
    expect(newItemsLeft(15, 20)).toBe(0);
    expect(newItemsLeft(15, -4)).toBe(15);
  });

  it('returns a word’s skills apart and the skills mixed', () => {
    const items = [
      dueItem('a', 'recognition', 9),
      dueItem('a', 'recall', 8),
      dueItem('a', 'listening', 7),
      dueItem('b', 'recognition', 6),
      dueItem('b', 'recall', 5),
      dueItem('c', 'recognition', 4),
    ];
    const ordered = interleaveItems(items);
    expect(adjacentSame(ordered)).toBe(false);
    expect(ordered.some((item, i) => i > 0 && ordered[i - 1]?.skill === item.skill)).toBe(false);
    expect(label(ordered)[0]).toBe('a.recognition');
  });

  it('returns a word’s cards together only when nothing else is left', () => {
    const ordered = interleaveItems([
      dueItem('a', 'recall', 2),
      dueItem('a', 'listening', 1),
      dueItem('b', 'recall', 0),
    ]);
    expect(label(ordered)).toEqual(['a.recall', 'b.recall', 'a.listening']);
    expect(
      label(interleaveItems([dueItem('a', 'recall', 2), dueItem('a', 'listening', 1)])),
    ).toEqual(['a.recall', 'a.listening']);
  });

  it('returns every item once and no word twice in a row whenever that is possible', () => {
    const item = fc.record({
      itemId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      skill: fc.constantFrom(...SKILLS),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { selector: (i) => `${i.itemId}:${i.skill}`, maxLength: 25 }),
        (raw) => {
          const items = raw.map((i) => ({ ...i, due: now }));
          const ordered = interleaveItems(items);
          expect([...label(ordered)].sort()).toEqual([...label(items)].sort());
          const counts = new Map<string, number>();
          for (const i of items) counts.set(i.itemId, (counts.get(i.itemId) ?? 0) + 1);
          const possible = Math.max(0, ...counts.values()) <= Math.ceil(items.length / 2);
          if (possible) expect(adjacentSame(ordered)).toBe(false);
        },
      ),
    );
  });
});
