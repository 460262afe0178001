import type { TokenEdit } from '../../src/shared/model.ts';

/** An author's edit of a word: the dictionary form given, nothing else set, confirmed. */
export const tokenEdit = (lemma: string, more: Partial<TokenEdit> = {}): TokenEdit => ({
  lemma,
  grammarNotes: [],
  wordId: null,
  meaningEn: null,
  meaningDe: null,
  meaningEs: null,
  isName: false,
  confirmed: true,
  ...more,
});
