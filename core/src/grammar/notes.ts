// What the endings of a word do, in the learner's language (DESIGN §12.3): the texts of the
// database's grammar_note enum (migration 20261127830000_transcript_tokens). A token carries the
// keys; each app renders them with grammarNote(). The set is the schema's: a key added there
// must get its texts here (the Record type says so).
import type { Enums } from '../../../supabase/types/database.ts';
import type { LanguageCode } from '../enums/index.ts';

export type GrammarNote = Enums<'grammar_note'>;

type Texts = Readonly<Record<LanguageCode, string>>;

/** Short texts, as the tap-a-word panel shows them beside the word ("-ban: in"). */
export const GRAMMAR_NOTE_TEXTS: Readonly<Record<GrammarNote, Texts>> = {
  accusative: {
    en: '-t: the object (accusative)',
    de: '-t: Objekt (Akkusativ)',
    es: '-t: complemento directo (acusativo)',
  },
  dative: {
    en: '-nak/-nek: to, for',
    de: '-nak/-nek: für, dem/der (Dativ)',
    es: '-nak/-nek: a, para',
  },
  inessive: { en: '-ban/-ben: in', de: '-ban/-ben: in (wo?)', es: '-ban/-ben: en (dentro de)' },
  illative: { en: '-ba/-be: into', de: '-ba/-be: in (wohin?)', es: '-ba/-be: a, hacia dentro de' },
  elative: {
    en: '-ból/-ből: out of, from',
    de: '-ból/-ből: aus',
    es: '-ból/-ből: de, desde dentro de',
  },
  superessive: {
    en: '-n/-on/-en/-ön: on, at',
    de: '-n/-on/-en/-ön: auf, an (wo?)',
    es: '-n/-on/-en/-ön: en, sobre',
  },
  sublative: {
    en: '-ra/-re: onto, to',
    de: '-ra/-re: auf (wohin?)',
    es: '-ra/-re: a, sobre (hacia)',
  },
  delative: {
    en: '-ról/-ről: off, about',
    de: '-ról/-ről: von … herab, über',
    es: '-ról/-ről: de, sobre (acerca de)',
  },
  adessive: { en: '-nál/-nél: at, by', de: '-nál/-nél: bei', es: '-nál/-nél: en casa de, junto a' },
  allative: {
    en: '-hoz/-hez/-höz: to (someone, something)',
    de: '-hoz/-hez/-höz: zu',
    es: '-hoz/-hez/-höz: a, hacia (alguien)',
  },
  ablative: {
    en: '-tól/-től: from (someone, something)',
    de: '-tól/-től: von',
    es: '-tól/-től: de (alguien), desde',
  },
  instrumental: { en: '-val/-vel: with', de: '-val/-vel: mit', es: '-val/-vel: con' },
  causal_final: { en: '-ért: for', de: '-ért: für, um … willen', es: '-ért: por, para' },
  translative: {
    en: '-vá/-vé: into (becoming)',
    de: '-vá/-vé: zu (werden)',
    es: '-vá/-vé: en (convertirse)',
  },
  terminative: { en: '-ig: until, as far as', de: '-ig: bis', es: '-ig: hasta' },
  essive_formal: { en: '-ként: as', de: '-ként: als', es: '-ként: como' },
  temporal: { en: '-kor: at (a time)', de: '-kor: um (Uhrzeit)', es: '-kor: a (la hora)' },
  plural: { en: '-k: plural', de: '-k: Plural', es: '-k: plural' },
  possessive_1sg: { en: 'my …', de: 'mein …', es: 'mi …' },
  possessive_2sg: { en: 'your … (informal)', de: 'dein …', es: 'tu …' },
  possessive_3sg: { en: 'his, her, its …', de: 'sein, ihr …', es: 'su … (de él, de ella)' },
  possessive_1pl: { en: 'our …', de: 'unser …', es: 'nuestro …' },
  possessive_2pl: { en: 'your … (plural)', de: 'euer …', es: 'vuestro …' },
  possessive_3pl: { en: 'their …', de: 'ihr … (Plural)', es: 'su … (de ellos)' },
  first_person_singular: { en: 'I …', de: 'ich …', es: 'yo …' },
  second_person_singular: { en: 'you … (informal)', de: 'du …', es: 'tú …' },
  third_person_singular: {
    en: 'he, she, it … (also polite you)',
    de: 'er, sie, es … (auch Sie)',
    es: 'él, ella … (también usted)',
  },
  first_person_plural: { en: 'we …', de: 'wir …', es: 'nosotros …' },
  second_person_plural: { en: 'you … (plural)', de: 'ihr …', es: 'vosotros …' },
  third_person_plural: {
    en: 'they … (also polite you, plural)',
    de: 'sie … (auch Sie, Plural)',
    es: 'ellos … (también ustedes)',
  },
  definite_conjugation: {
    en: 'definite: the object is known (the, this, him)',
    de: 'bestimmte Konjugation: das Objekt ist bekannt',
    es: 'conjugación definida: el objeto es conocido',
  },
  i_you: { en: '-lak/-lek: I … you', de: '-lak/-lek: ich … dich', es: '-lak/-lek: yo … a ti' },
  past: { en: 'past tense', de: 'Vergangenheit', es: 'pasado' },
  conditional: { en: 'would … (conditional)', de: 'würde … (Konditional)', es: 'condicional' },
  imperative: { en: 'imperative, or "let\'s", "that … should"', de: 'Imperativ', es: 'imperativo' },
  infinitive: { en: '-ni: to … (infinitive)', de: '-ni: Infinitiv', es: '-ni: infinitivo' },
  potential: { en: '-hat/-het: can, may', de: '-hat/-het: kann, darf', es: '-hat/-het: puede' },
  verbal_prefix: {
    en: 'verbal prefix (meg-, el-, be-, ki-…)',
    de: 'Verbpräfix (meg-, el-, be-, ki-…)',
    es: 'prefijo verbal (meg-, el-, be-, ki-…)',
  },
  formal_you: { en: 'polite you', de: 'höfliches Sie', es: 'usted (cortés)' },
  comparative: { en: '-bb: more …', de: '-bb: Komparativ', es: '-bb: más …' },
  superlative: { en: 'leg-…-bb: the most …', de: 'leg-…-bb: Superlativ', es: 'leg-…-bb: el más …' },
  adverb: { en: 'adverb: how', de: 'Adverb: wie', es: 'adverbio: cómo' },
  adjective_i: {
    en: '-i: of, from (a place or time)',
    de: '-i: aus, von (Ort, Zeit)',
    es: '-i: de (un lugar, un tiempo)',
  },
};

/** The note's text in the learner's language. */
export function grammarNote(key: GrammarNote, language: LanguageCode): string {
  return GRAMMAR_NOTE_TEXTS[key][language];
}
