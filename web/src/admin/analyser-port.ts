import { morphologyFromReadings, wordsToAnalyse, type MorphologyPort } from '@magyarul/core/tokens';
import { analyseWords } from './spelling/spell-checker.ts';

/** How long a save waits for the analyser (its first load included) before proposing without. */
const ANALYSER_WAIT_MS = 15_000;

/**
 * The analyser's readings of the words of `texts`, as the proposals' port; without one (it
 * failed to load, or took too long) the proposals come from the lesson's words, the glossary and
 * the common endings, and the save goes on: the author confirms the words either way.
 */
export async function analyserFor(texts: readonly string[]): Promise<MorphologyPort | undefined> {
  const words = wordsToAnalyse(texts);
  if (words.length === 0) return undefined;
  let timer: number | undefined;
  try {
    const readings = await Promise.race([
      analyseWords(words),
      new Promise<never>((_, reject) => {
        timer = window.setTimeout(() => reject(new Error('no answer')), ANALYSER_WAIT_MS);
      }),
    ]);
    return morphologyFromReadings(readings);
  } catch (error) {
    console.warn('The morphological analyser did not answer; proposing without it.', error);
    return undefined;
  } finally {
    window.clearTimeout(timer);
  }
}
