import { useEffect, useState } from 'react';
import type { Misspelling } from '@magyarul/core/spelling';
import type { TranscriptLine } from '../shared/model.ts';
import { studio } from './studio.ts';

export type LineMisspellings = { readonly lineId: number; readonly lineNumber: number } & {
  readonly words: readonly Misspelling[];
};

/** Typing pauses this long before the lines are checked again. */
const SETTLE_MS = 400;

/**
 * The lines' Hungarian words the dictionary does not know (hunspell in the main process),
 * checked again a moment after the texts change; lines without any are left out.
 */
export function useSpelling(lines: readonly TranscriptLine[]): readonly LineMisspellings[] {
  const [found, setFound] = useState<readonly LineMisspellings[]>([]);
  const texts = JSON.stringify(lines.map((line) => [line.id, line.lineNumber, line.text]));
  useEffect(() => {
    let live = true;
    const rows = JSON.parse(texts) as [number, number, string][];
    const timer = setTimeout(() => {
      studio()
        .checkSpelling(rows.map(([, , text]) => text))
        .then(
          (results) => {
            if (!live) return;
            setFound(
              rows.flatMap(([lineId, lineNumber], i) => {
                const words = results[i] ?? [];
                return words.length > 0 ? [{ lineId, lineNumber, words }] : [];
              }),
            );
          },
          () => undefined,
        );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [texts]);
  return found;
}
