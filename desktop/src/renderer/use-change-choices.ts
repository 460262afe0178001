import { useCallback, useState } from 'react';
import type { ChangeChoice, Choice, LessonCheck, ServerChange } from '../shared/model.ts';

/** How the author answers all of a lesson's server changes at once. */
export type ChooseAll = Choice | 'merge';

const idOf = (lessonId: number, key: string, field: string) => `${lessonId}|${key}|${field}`;

/** The choices one change asks for: one per changed column, or one for the whole row. */
const slots = (change: ServerChange) =>
  change.change === 'changed'
    ? change.fields.map((field) => ({ field: field.field, mineChanged: field.mineChanged }))
    : [{ field: '', mineChanged: change.mineChanged }];

/**
 * The author's choices for the rows changed on the server, per lesson, column and row. A choice
 * holds for the server row as it was read (its stamp): after a new check that finds the row
 * changed again, it no longer counts and the change asks again.
 */
export function useChangeChoices() {
  const [choices, setChoices] = useState<ReadonlyMap<string, ChangeChoice>>(new Map());

  const choiceOf = useCallback(
    (lessonId: number, change: ServerChange, field: string): Choice | null => {
      const choice = choices.get(idOf(lessonId, change.key, field));
      return choice && choice.stamp === change.stamp ? choice.choice : null;
    },
    [choices],
  );

  const choose = (lessonId: number, change: ServerChange, field: string, choice: Choice) =>
    setChoices((current) =>
      new Map(current).set(idOf(lessonId, change.key, field), {
        lessonId,
        key: change.key,
        field,
        stamp: change.stamp,
        choice,
      }),
    );

  /**
   * Every change of the lesson: the server's, mine, or merged by line (the server's where only
   * the server changed it; where both sides did, the author's choice is left to make).
   */
  const chooseAll = (lessonId: number, changes: readonly ServerChange[], how: ChooseAll) =>
    setChoices((current) => {
      const next = new Map(current);
      for (const change of changes) {
        for (const { field, mineChanged } of slots(change)) {
          const id = idOf(lessonId, change.key, field);
          if (how === 'merge' && mineChanged) continue;
          const choice: Choice = how === 'merge' ? 'server' : how;
          next.set(id, { lessonId, key: change.key, field, stamp: change.stamp, choice });
        }
      }
      return next;
    });

  /** How many of the lesson's changes have no choice yet. */
  const unresolved = (check: LessonCheck): number =>
    check.changes.reduce(
      (sum, change) =>
        sum +
        slots(change).filter(({ field }) => choiceOf(check.lessonId, change, field) === null)
          .length,
      0,
    );

  const list = (): ChangeChoice[] => [...choices.values()];

  return { choiceOf, choose, chooseAll, unresolved, list };
}

export type ChangeChoices = ReturnType<typeof useChangeChoices>;
