// Small constructors that keep the lesson files readable: every argument is required, so a line
// or word without its three translations does not type-check.
import type { Difficulty, SeedGloss, SeedLine, SeedWord, Speaker } from './types.ts';

/** A dialogue line with its English, German and Spanish translation. */
export function say(speaker: Speaker, text: string, en: string, de: string, es: string): SeedLine {
  return [speaker, text, { en, de, es }];
}

/** A vocabulary word; `forms` lists irregular forms the stemmer does not reduce to `hu`. */
export function word(
  difficulty: Difficulty,
  hu: string,
  en: string,
  de: string,
  es: string,
  forms?: readonly string[],
): SeedWord {
  return forms ? { hu, en, de, es, difficulty, forms } : { hu, en, de, es, difficulty };
}

export function gloss(form: string, en: string, de: string, es: string): SeedGloss {
  return { form, en, de, es };
}
