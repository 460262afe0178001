// The course-wide glossary (glossary_entries; DESIGN §12.3): the dictionary forms a learner can
// tap in any dialogue. Every word a lesson teaches is an entry with its lesson's meanings (so a
// word heard again in a later lesson explains itself and can be kept), and so is every verb
// heard with a verbal prefix (meg + néz = megnéz) and every hyphenated word, written here. German nouns are capitalised;
// the course check runs hunspell-de-de and hunspell-es over every meaning.
import { LESSONS } from './lessons.ts';
import type { Translation } from './types.ts';

export type GlossaryEntry = Translation & {
  /** The dictionary form, NFC. */
  readonly lemma: string;
};

/** Verbs with a verbal prefix the dialogues use, as one dictionary form each. */
const PREFIXED_VERBS: readonly GlossaryEntry[] = [
  { lemma: 'megnéz', en: 'to look at', de: 'ansehen', es: 'mirar' },
  { lemma: 'elmegy', en: 'to go away, to leave', de: 'weggehen', es: 'irse' },
  { lemma: 'felpróbál', en: 'to try on', de: 'anprobieren', es: 'probarse' },
  { lemma: 'megvesz', en: 'to buy', de: 'kaufen', es: 'comprar' },
  { lemma: 'felhív', en: 'to call (on the phone)', de: 'anrufen', es: 'llamar por teléfono' },
  { lemma: 'megad', en: 'to give (a number, a name)', de: 'angeben', es: 'dar (un dato)' },
  { lemma: 'megmutat', en: 'to show', de: 'zeigen', es: 'mostrar' },
  { lemma: 'hazamegy', en: 'to go home', de: 'nach Hause gehen', es: 'ir a casa' },
  { lemma: 'megkap', en: 'to get, to receive', de: 'bekommen', es: 'recibir' },
  { lemma: 'megkérdez', en: 'to ask', de: 'fragen', es: 'preguntar' },
  { lemma: 'leszáll', en: 'to get off', de: 'aussteigen', es: 'bajarse' },
  { lemma: 'felszáll', en: 'to get on', de: 'einsteigen', es: 'subirse' },
  { lemma: 'megtanul', en: 'to learn', de: 'lernen', es: 'aprender' },
  { lemma: 'megtalál', en: 'to find', de: 'finden', es: 'encontrar' },
  { lemma: 'megérkezik', en: 'to arrive', de: 'ankommen', es: 'llegar' },
  { lemma: 'bemegy', en: 'to go in', de: 'hineingehen', es: 'entrar' },
  { lemma: 'lemegy', en: 'to go down', de: 'hinuntergehen', es: 'bajar' },
  { lemma: 'megtud', en: 'to find out', de: 'erfahren', es: 'enterarse' },
  { lemma: 'behív', en: 'to call in', de: 'hereinbitten', es: 'hacer pasar' },
];

/** Hyphenated words the dialogues use whose parts are taught one by one. */
const COMPOUNDS: readonly GlossaryEntry[] = [
  { lemma: 'oda-vissza', en: 'there and back, return', de: 'hin und zurück', es: 'ida y vuelta' },
];

/**
 * The glossary: every taught word with its lesson's meanings, then the prefixed verbs and the
 * hyphenated words no lesson teaches; one entry per dictionary form (the first one wins).
 */
export const GLOSSARY: readonly GlossaryEntry[] = [
  ...new Map(
    [
      ...LESSONS.flatMap((lesson) =>
        lesson.words.map((w) => ({ lemma: w.hu.normalize('NFC'), en: w.en, de: w.de, es: w.es })),
      ),
      ...PREFIXED_VERBS,
      ...COMPOUNDS,
    ]
      .reverse()
      .map((entry) => [entry.lemma, entry] as const),
  ).values(),
].reverse();
