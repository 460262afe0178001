import type { TranslationLanguage } from '@magyarul/core/lessons';
import type { GlossaryMeanings, TokenRow } from './tokens-api.ts';

// Where a token's meaning in one language comes from, as the word editor shows it: its own
// (meaning_xx), else its lesson word's, else its glossary entry's (the learner's word panel reads
// them in the same order, web/src/tokens/word-token.ts).

/** A lesson word as the editor has it. */
export type LessonWord = {
  readonly id: string;
  readonly word_hu: string;
  readonly word_en: string;
  readonly word_de: string;
  readonly word_es: string;
};

export type MeaningSource = 'own' | 'vocabulary' | 'glossary' | 'none';

export type ShownMeaning = { readonly source: MeaningSource; readonly text: string | null };

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

/** The token's meaning in `language` and where it comes from. */
export function meaningOf(
  token: TokenRow,
  language: TranslationLanguage,
  words: ReadonlyMap<string, LessonWord>,
  glossary: ReadonlyMap<string, GlossaryMeanings>,
): ShownMeaning {
  const own = token[`meaning_${language}`];
  if (!blank(own)) return { source: 'own', text: own };
  const word = token.vocabulary_id === null ? undefined : words.get(token.vocabulary_id);
  if (word) {
    const text = word[`word_${language}`];
    return blank(text) ? { source: 'none', text: null } : { source: 'vocabulary', text };
  }
  const entry = token.glossary_id === null ? undefined : glossary.get(token.glossary_id);
  const text = entry?.[`meaning_${language}`] ?? null;
  return blank(text) ? { source: 'none', text: null } : { source: 'glossary', text };
}
