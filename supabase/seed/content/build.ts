// Small constructors that keep the lesson files readable: every argument is required, so a line,
// word, character or note without its three translations does not type-check.
import type {
  CharacterVoice,
  Difficulty,
  SeedCharacter,
  SeedGloss,
  SeedLine,
  SeedNote,
  SeedWord,
  Sex,
  Speaker,
} from './types.ts';

/** A dialogue line with its English, German and Spanish translation. */
export function say(speaker: Speaker, text: string, en: string, de: string, es: string): SeedLine {
  return [speaker, text, { en, de, es }];
}

/** A line spoken by one of the lesson's characters (see `character`). */
export function by(character: string, text: string, en: string, de: string, es: string): SeedLine {
  return ['narrator', text, { en, de, es }, character];
}

/** A person of the scene with the name the transcript shows and the voice that speaks them. */
export function character(
  key: string,
  sex: Sex,
  voice: CharacterVoice,
  en: string,
  de: string,
  es: string,
): SeedCharacter {
  return { key, sex, voice, name: { en, de, es } };
}

/** A note on the lines where `forms` are heard: title and body in English, German and Spanish. */
export function note(
  forms: readonly string[],
  title: readonly [en: string, de: string, es: string],
  body: readonly [en: string, de: string, es: string],
): SeedNote {
  return {
    forms,
    title: { en: title[0], de: title[1], es: title[2] },
    body: { en: body[0], de: body[1], es: body[2] },
  };
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
