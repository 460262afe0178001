import { useState } from 'react';
import type { LessonConflict } from '../../shared/model.ts';
import { studio } from '../studio.ts';

type Props = {
  readonly lessonId: number;
  readonly conflict: LessonConflict;
  readonly takenNumbers: readonly number[];
  readonly onResolved: () => void;
};

/** The first number after `from` the server does not use. */
function freeNumber(from: number, taken: readonly number[]): number {
  let n = from + 1;
  while (taken.includes(n)) n++;
  return n;
}

/**
 * The server already has a lesson with this number: either this draft updates that lesson in
 * place (the studio remembers its id for every later publish), or it takes a free number.
 */
export function ConflictChoice({ lessonId, conflict, takenNumbers, onResolved }: Props) {
  const [number, setNumber] = useState(String(freeNumber(conflict.lessonNumber, takenNumbers)));
  const [error, setError] = useState<string | null>(null);
  const run = async (task: () => Promise<unknown>) => {
    try {
      setError(null);
      await task();
      onResolved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const wanted = Number(number);
  const valid = Number.isInteger(wanted) && wanted >= 1 && !takenNumbers.includes(wanted);
  return (
    <div
      className="conflict"
      role="group"
      aria-label={`Conflict of lesson ${conflict.lessonNumber}`}
    >
      <p>
        The server already has lesson {conflict.lessonNumber}: “{conflict.title}”.
      </p>
      <button
        type="button"
        onClick={() => void run(() => studio().adoptRemote(lessonId, conflict.remoteId))}
      >
        Update that lesson in place
      </button>
      <span className="or">or</span>
      <label>
        New number{' '}
        <input
          inputMode="numeric"
          value={number}
          aria-invalid={!valid}
          onChange={(e) => setNumber(e.currentTarget.value)}
        />
      </label>
      <button
        type="button"
        disabled={!valid}
        onClick={() => void run(() => studio().updateLesson(lessonId, { lessonNumber: wanted }))}
      >
        Use this number
      </button>
      {!valid && <span className="hint">That number is taken on the server.</span>}
      {error && <span role="alert">{error}</span>}
    </div>
  );
}
