// Reading a Hungarian morphological analysis (hunspell with the Hungarian dictionary's
// morphological fields, `hunspell -m`: "st:ház po:noun ts:NOM is:PLUR is:INE") into a dictionary
// form and the grammar notes a token carries. The analyser is a port (the seed's generator runs
// Debian's hunspell-hu); this file only reads what it says.
import type { GrammarNote } from './notes.ts';

/** One reading of a word: its dictionary form, part of speech and what its endings do. */
export type Analysis = {
  /** The dictionary form, with its verbal prefix (megnéz for megnézzük). */
  readonly lemma: string;
  readonly partOfSpeech: string | null;
  readonly notes: readonly GrammarNote[];
  /** How many inflection and derivation fields the reading has: fewer is likelier. */
  readonly weight: number;
  /** The reading derives the word from another (a `ds:` field: kávézó from kávé + -z + -ó). */
  readonly derived?: boolean;
};

const CASES: Readonly<Record<string, GrammarNote>> = {
  ACC: 'accusative',
  DAT: 'dative',
  INE: 'inessive',
  ILL: 'illative',
  ELA: 'elative',
  SUE: 'superessive',
  SBL: 'sublative',
  DEL: 'delative',
  ADE: 'adessive',
  ALL: 'allative',
  ABL: 'ablative',
  INSTR: 'instrumental',
  'CAUS/FIN': 'causal_final',
  TRANS: 'translative',
  TERM: 'terminative',
  FORM: 'essive_formal',
  TEMP: 'temporal',
  PLUR: 'plural',
};

const PERSONS: Readonly<Record<string, GrammarNote>> = {
  SG_1: 'first_person_singular',
  SG_2: 'second_person_singular',
  SG_3: 'third_person_singular',
  PL_1: 'first_person_plural',
  PL_2: 'second_person_plural',
  PL_3: 'third_person_plural',
};

const POSSESSIVES: Readonly<Record<string, GrammarNote>> = {
  SG_1: 'possessive_1sg',
  SG_2: 'possessive_2sg',
  SG_3: 'possessive_3sg',
  PL_1: 'possessive_1pl',
  PL_2: 'possessive_2pl',
  PL_3: 'possessive_3pl',
};

const VERB =
  /^(PRES|PAST|SUBJ\/IMPER)_(?:(INDIC|COND)_)?(?:(DEF|INDEF)_)?(SG|PL)_([123])(_OBJ_2)?$/;

/** The notes of one inflection field (`is:` value), in the order they are shown. */
function notesOfField(field: string): GrammarNote[] {
  const kase = CASES[field];
  if (kase) return [kase];
  const possessive = /^POSS_(SG|PL)_([123])$/.exec(field);
  if (possessive) {
    const note = POSSESSIVES[`${possessive[1]}_${possessive[2]}`];
    return note ? [note] : [];
  }
  const verb = VERB.exec(field);
  if (verb) {
    const [, tense, mood, definite, number, person, object] = verb;
    // The present indefinite third person singular is the dictionary form itself.
    if (
      tense === 'PRES' &&
      mood === 'INDIC' &&
      definite === 'INDEF' &&
      number === 'SG' &&
      person === '3'
    ) {
      return [];
    }
    const notes: GrammarNote[] = [];
    const who = PERSONS[`${number}_${person}`];
    if (who) notes.push(who);
    if (tense === 'PAST') notes.push('past');
    if (mood === 'COND') notes.push('conditional');
    if (tense === 'SUBJ/IMPER') notes.push('imperative');
    if (definite === 'DEF') notes.push('definite_conjugation');
    if (object) notes.push('i_you');
    return notes;
  }
  if (field.includes('INFINITIVE')) return ['infinitive'];
  if (field.includes('MODAL')) return ['potential'];
  if (field.includes('COMPARATIVE')) return ['comparative'];
  if (field.includes('i_PLACE')) return ['adjective_i'];
  return [];
}

/**
 * One line of `hunspell -m` output (the word, then its fields) as a reading, or null when it
 * has no stem field.
 */
export function readAnalysis(line: string): Analysis | null {
  const fields = line.trim().split(/\s+/u);
  let stem: string | null = null;
  let prefix = '';
  let partOfSpeech: string | null = null;
  const notes: GrammarNote[] = [];
  let weight = 0;
  let derived = false;
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon < 0) continue;
    const key = field.slice(0, colon);
    const value = field.slice(colon + 1);
    if (key === 'st') stem = value;
    else if (key === 'sp') prefix = value;
    else if (key === 'po') partOfSpeech = value;
    else if (key === 'ip') {
      weight += 1;
      if (value === 'PREF') notes.push('verbal_prefix');
      else if (value.includes('SUPERLATIVE')) notes.push('superlative');
    } else if (key === 'ds') {
      weight += 2;
      derived = true;
      if (value.includes('MODE_adv')) notes.push('adverb');
    } else if (key === 'is') {
      weight += 1;
      notes.push(...notesOfField(value));
    }
  }
  if (!stem) return null;
  // leg-…-bb: the superlative says it all.
  const shown = notes.includes('superlative') ? notes.filter((n) => n !== 'comparative') : notes;
  return {
    lemma: `${prefix}${stem}`.normalize('NFC'),
    partOfSpeech,
    notes: [...new Set(shown)],
    weight,
    ...(derived ? { derived } : {}),
  };
}

/**
 * The likeliest reading: one whose dictionary form is among `preferred` (the lesson's words and
 * the glossary, compared in lower case), else the plainest (fewest fields), else the first.
 */
export function bestAnalysis(
  readings: readonly Analysis[],
  preferred: ReadonlySet<string> = new Set(),
): Analysis | null {
  const ranked = [...readings].sort((a, b) => {
    const known =
      Number(preferred.has(b.lemma.toLowerCase())) - Number(preferred.has(a.lemma.toLowerCase()));
    return known !== 0 ? known : a.weight - b.weight;
  });
  return ranked[0] ?? null;
}
