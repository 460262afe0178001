import { useEffect, useMemo, useState } from 'react';
import type { MorphologyPort } from '@magyarul/core/tokens';
import { morphologyFromReadings, wordsToAnalyse } from '@magyarul/core/tokens';
import { ANALYSE_MAX_WORDS } from '../shared/ipc.ts';
import { studio } from './studio.ts';

/** hunspell's readings by word (NFC), kept for the session: a word is asked about once. */
const known = new Map<string, readonly string[]>();
/** Words asked about whose answer has not come yet. */
const pending = new Map<string, Promise<void>>();

/** The words the analyser takes (ipc.ts: at most 100 characters). */
const askable = (word: string) => [...word].length <= 100;

/** Asks the main process about the words not known nor asked yet; settles when all are answered. */
function ask(words: readonly string[]): Promise<void> {
  const missing = words.filter((w) => !known.has(w) && !pending.has(w));
  for (let at = 0; at < missing.length; at += ANALYSE_MAX_WORDS) {
    const chunk = missing.slice(at, at + ANALYSE_MAX_WORDS);
    const answer = studio()
      .analyseWords(chunk)
      .then(
        (readings) => {
          for (const word of chunk) known.set(word, readings[word] ?? []);
        },
        // Without an answer the proposal stays the plain one; the words are asked again later.
        () => undefined,
      )
      .finally(() => {
        for (const word of chunk) pending.delete(word);
      });
    for (const word of chunk) pending.set(word, answer);
  }
  return Promise.all(words.map((w) => pending.get(w))).then(() => undefined);
}

/** The readings known of `words`. */
const knownOf = (words: readonly string[]): ReadonlyMap<string, readonly string[]> =>
  new Map(words.flatMap((w) => (known.has(w) ? [[w, known.get(w) ?? []] as const] : [])));

/**
 * The analyser's readings of the words of `text` as proposeTokens' port (the same readings the
 * publish asks for, so both propose alike). Until they arrive it has none (the plain proposal),
 * then the component renders again with them.
 */
export function useMorphology(text: string): MorphologyPort {
  const words = useMemo(() => wordsToAnalyse([text]).filter(askable), [text]);
  const [readings, setReadings] = useState(() => knownOf(words));
  useEffect(() => {
    let live = true;
    void ask(words).then(() => {
      if (live) setReadings((had) => (words.every((w) => had.has(w)) ? had : knownOf(words)));
    });
    return () => {
      live = false;
    };
  }, [words]);
  return useMemo(() => morphologyFromReadings(readings), [readings]);
}
