import { MATCH_LEVELS, baseName, matchKeys } from './normalise.ts';
import type { MatchLevel } from './normalise.ts';

/** A vocabulary word to find audio for. `id` must be unique within one matching run. */
export type MatchWord = { readonly id: string; readonly word_hu: string };

/** An audio file; a browser `File` fits. Files are told apart by object identity. */
export type MatchFile = { readonly name: string };

export type MatchedPair<W, F> = {
  readonly word: W;
  readonly file: F;
  /** The comparison level that matched, or 'manual' when a person chose the pair. */
  readonly level: MatchLevel | 'manual';
};

/**
 * Several words or several files share one key at one level, so no automatic choice is safe.
 * None of them is assigned; they stay in the unmatched lists for a person to resolve.
 */
export type MatchAmbiguity<W, F> = {
  readonly level: MatchLevel;
  readonly key: string;
  readonly words: readonly W[];
  readonly files: readonly F[];
};

export type AudioMatchResult<W, F> = {
  readonly matched: readonly MatchedPair<W, F>[];
  readonly unmatchedWords: readonly W[];
  readonly unmatchedFiles: readonly F[];
  readonly ambiguities: readonly MatchAmbiguity<W, F>[];
};

/** Open items by their key at one level; with `only`, keys outside it are skipped. */
function groupByKey(
  keys: readonly (readonly string[])[],
  open: ReadonlySet<number>,
  level: number,
  only?: ReadonlyMap<string, unknown>,
): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const index of open) {
    const key = (keys[index] as readonly string[])[level] as string;
    if (key === '' || (only && !only.has(key))) continue;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  }
  return groups;
}

/**
 * Matches audio files to words level by level (exact, case-insensitive, spaces to hyphens,
 * letters only). At each level a key shared by exactly one open word and one open file makes a
 * pair; a key shared by more is an ambiguity and its members leave automatic matching. A file is
 * never assigned to two words and a word never gets two files.
 *
 * Runs in O((words + files) × levels) with hash maps, so 10,000 files against 2,000 words take
 * milliseconds; there is no words × files loop.
 */
export function matchAudioFiles<W extends MatchWord, F extends MatchFile>(
  words: readonly W[],
  files: readonly F[],
): AudioMatchResult<W, F> {
  const openWords = new Set(words.keys());
  const openFiles = new Set(files.keys());
  // Each name is normalised once; the levels then only look keys up.
  const fileKeys = files.map((file) => matchKeys(baseName(file.name)));
  const wordKeys = words.map((word) => matchKeys(word.word_hu));
  const pairs: { wordIndex: number; fileIndex: number; level: MatchLevel }[] = [];
  const ambiguities: MatchAmbiguity<W, F>[] = [];

  for (const [levelIndex, level] of MATCH_LEVELS.entries()) {
    if (openWords.size === 0 || openFiles.size === 0) break;
    const wordGroups = groupByKey(wordKeys, openWords, levelIndex);
    // Files are many and mostly unrelated: only keys some word has are collected.
    const fileGroups = groupByKey(fileKeys, openFiles, levelIndex, wordGroups);
    for (const [key, wordIndexes] of wordGroups) {
      const fileIndexes = fileGroups.get(key);
      if (!fileIndexes) continue;
      for (const index of wordIndexes) openWords.delete(index);
      for (const index of fileIndexes) openFiles.delete(index);
      const [wordIndex] = wordIndexes;
      const [fileIndex] = fileIndexes;
      if (wordIndexes.length === 1 && fileIndexes.length === 1) {
        pairs.push({ wordIndex: wordIndex as number, fileIndex: fileIndex as number, level });
      } else {
        ambiguities.push({
          level,
          key,
          words: wordIndexes.map((i) => words[i] as W),
          files: fileIndexes.map((i) => files[i] as F),
        });
      }
    }
  }

  const matchedWords = new Set<number>();
  const matchedFiles = new Set<number>();
  for (const pair of pairs) {
    matchedWords.add(pair.wordIndex);
    matchedFiles.add(pair.fileIndex);
  }
  pairs.sort((a, b) => a.wordIndex - b.wordIndex);
  return {
    matched: pairs.map((p) => ({
      word: words[p.wordIndex] as W,
      file: files[p.fileIndex] as F,
      level: p.level,
    })),
    unmatchedWords: words.filter((_, i) => !matchedWords.has(i)),
    unmatchedFiles: files.filter((_, i) => !matchedFiles.has(i)),
    ambiguities,
  };
}
