import type { AudioMatchResult, MatchAmbiguity, MatchFile, MatchWord } from './match.ts';

function withoutAssigned<W extends MatchWord, F extends MatchFile>(
  ambiguities: readonly MatchAmbiguity<W, F>[],
  wordId: string,
  file: F,
): MatchAmbiguity<W, F>[] {
  const kept: MatchAmbiguity<W, F>[] = [];
  for (const group of ambiguities) {
    const words = group.words.filter((w) => w.id !== wordId);
    const files = group.files.filter((f) => f !== file);
    // A group that no longer offers a choice between several items is resolved.
    if (words.length === 0 || files.length === 0) continue;
    if (words.length === 1 && files.length === 1) continue;
    kept.push({ ...group, words, files });
  }
  return kept;
}

/**
 * A person pairs `file` with `word`. The file leaves any other word it was paired with and the
 * word's previous file goes back to the unmatched files, so a file still belongs to at most one
 * word and a word has at most one file. Returns a new result; the input is not changed.
 */
export function assignFile<W extends MatchWord, F extends MatchFile>(
  result: AudioMatchResult<W, F>,
  word: W,
  file: F,
): AudioMatchResult<W, F> {
  const freed = result.matched
    .filter((p) => p.word.id === word.id && p.file !== file)
    .map((p) => p.file);
  const loseFile = result.matched.filter((p) => p.file === file && p.word.id !== word.id);
  const matched = result.matched.filter((p) => p.word.id !== word.id && p.file !== file);
  matched.push({ word, file, level: 'manual' });
  return {
    matched,
    unmatchedWords: [
      ...result.unmatchedWords.filter((w) => w.id !== word.id),
      ...loseFile.map((p) => p.word),
    ],
    unmatchedFiles: [...result.unmatchedFiles.filter((f) => f !== file), ...freed],
    ambiguities: withoutAssigned(result.ambiguities, word.id, file),
  };
}

/** Removes the word's file, if any, and returns both to the unmatched lists. */
export function unassignFile<W extends MatchWord, F extends MatchFile>(
  result: AudioMatchResult<W, F>,
  wordId: string,
): AudioMatchResult<W, F> {
  const pair = result.matched.find((p) => p.word.id === wordId);
  if (!pair) return result;
  return {
    matched: result.matched.filter((p) => p !== pair),
    unmatchedWords: [...result.unmatchedWords, pair.word],
    unmatchedFiles: [...result.unmatchedFiles, pair.file],
    ambiguities: result.ambiguities,
  };
}

/** The file paired with a word, if any. */
export function fileForWord<W extends MatchWord, F extends MatchFile>(
  result: AudioMatchResult<W, F>,
  wordId: string,
): F | undefined {
  return result.matched.find((p) => p.word.id === wordId)?.file;
}
