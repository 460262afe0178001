// The analyser's readings, gathered ahead, as the synchronous MorphologyPort proposeTokens asks
// (DESIGN §12.3). hunspell runs where it can (a worker in the browser, a thread of the studio's
// main process) and answers asynchronously; a proposal first asks it for every word of the lines
// (`wordsToAnalyse`), then proposes from the answers (`morphologyFromReadings`).
import type { Analysis } from '../grammar/morphology.ts';
import { readAnalysis } from '../grammar/morphology.ts';
import type { MorphologyPort } from './propose.ts';
import { tokenize } from './tokenize.ts';

const DIGITS = /^\p{N}/u;

/** The distinct words of `texts` the analyser is asked about (numbers aside), NFC, in order. */
export function wordsToAnalyse(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const token of tokenize(text)) if (!DIGITS.test(token.text)) words.add(token.text);
  }
  return [...words];
}

/**
 * A MorphologyPort over hunspell's analyses (`Hunspell_analyze`: one line of fields per reading,
 * " st:ház po:noun is:PLUR is:INE"), by word as asked. A word not asked has no reading.
 */
export function morphologyFromReadings(
  readings: ReadonlyMap<string, readonly string[]>,
): MorphologyPort {
  const parsed = new Map<string, readonly Analysis[]>();
  return {
    analyse: (word) => {
      const key = word.normalize('NFC');
      let analyses = parsed.get(key);
      if (!analyses) {
        analyses = (readings.get(key) ?? [])
          .map((line) => readAnalysis(line))
          .filter((a): a is Analysis => a !== null);
        parsed.set(key, analyses);
      }
      return analyses;
    },
  };
}
