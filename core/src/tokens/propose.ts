// Proposed tokens for a line (DESIGN §12.3): its words by core's tokenize, each with a dictionary
// form, the grammar notes of its endings and a link to the lesson's word or the course glossary
// entry it is a form of. A proposal is what the author confirms or edits in the studio or the web
// review editor; nothing here is final.
import type { Analysis } from '../grammar/morphology.ts';
import { bestAnalysis } from '../grammar/morphology.ts';
import type { GrammarNote } from '../grammar/notes.ts';
import type { Token } from './tokenize.ts';
import { tokenize } from './tokenize.ts';

/** A lesson word or a glossary entry, as the proposal links to it. */
export type LexiconEntry = {
  readonly id: string;
  /** Its dictionary form (lesson_vocabulary.word_hu, glossary_entries.lemma). */
  readonly lemma: string;
  /** Forms the analyser cannot reduce to it (nincs for van). */
  readonly forms?: readonly string[];
};

/** A morphological analyser with the Hungarian dictionary (hunspell -m readings). */
export type MorphologyPort = {
  readonly analyse: (word: string) => readonly Analysis[];
};

export type TokenProposal = Token & {
  readonly lemma: string;
  readonly grammarNotes: readonly GrammarNote[];
  readonly vocabularyId: string | null;
  readonly glossaryId: string | null;
  readonly isName: boolean;
};

export type ProposalContext = {
  readonly vocabulary: readonly LexiconEntry[];
  readonly glossary: readonly LexiconEntry[];
  /** People's and places' names as written (Anna, Budapest). */
  readonly names?: readonly string[];
  /** Without one, dictionary forms come from the lesson's words and the glossary only. */
  readonly morphology?: MorphologyPort;
};

const lower = (text: string) => text.normalize('NFC').toLocaleLowerCase('hu');
const DIGITS = /^\p{N}/u;

/**
 * Endings a word may carry after a known dictionary form when no analyser is at hand, longest
 * first, with the note each one makes (a proposal: -t may be a past as well as an accusative).
 */
const ENDINGS: readonly (readonly [string, GrammarNote])[] = [
  ['ban', 'inessive'],
  ['ben', 'inessive'],
  ['ból', 'elative'],
  ['ből', 'elative'],
  ['ról', 'delative'],
  ['ről', 'delative'],
  ['nál', 'adessive'],
  ['nél', 'adessive'],
  ['hoz', 'allative'],
  ['hez', 'allative'],
  ['höz', 'allative'],
  ['tól', 'ablative'],
  ['től', 'ablative'],
  ['val', 'instrumental'],
  ['vel', 'instrumental'],
  ['nak', 'dative'],
  ['nek', 'dative'],
  ['ért', 'causal_final'],
  ['kor', 'temporal'],
  ['ként', 'essive_formal'],
  ['unk', 'first_person_plural'],
  ['ünk', 'first_person_plural'],
  ['ba', 'illative'],
  ['be', 'illative'],
  ['ra', 'sublative'],
  ['re', 'sublative'],
  ['ig', 'terminative'],
  ['ni', 'infinitive'],
  ['ot', 'accusative'],
  ['et', 'accusative'],
  ['öt', 'accusative'],
  ['at', 'accusative'],
  ['ok', 'plural'],
  ['ek', 'plural'],
  ['ök', 'plural'],
  ['ak', 'plural'],
  ['on', 'superessive'],
  ['en', 'superessive'],
  ['ön', 'superessive'],
  ['t', 'accusative'],
  ['k', 'plural'],
  ['n', 'superessive'],
];

/** -val/-vel after a consonant takes its sound: kés + vel = késsel, busz + val = busszal. */
function assimilated(stem: string, rest: string, ending: string): boolean {
  if (ending !== 'val' && ending !== 'vel') return false;
  const last = stem.at(-1) ?? '';
  return /[bcdfghjklmnprstvz]/u.test(last) && rest === `${last}${ending.slice(1)}`;
}

/** A lemma's final a/e lengthens before an ending (alma → almát, kefe → kefében). */
function stemsOf(lemma: string): string[] {
  const l = lower(lemma);
  if (l.endsWith('a')) return [l, `${l.slice(0, -1)}á`];
  if (l.endsWith('e')) return [l, `${l.slice(0, -1)}é`];
  return [l];
}

/** The known entry `word` is a form of by a known ending, and the note of that ending. */
function byEnding(
  word: string,
  entries: readonly LexiconEntry[],
): { entry: LexiconEntry; notes: GrammarNote[] } | null {
  let best: { entry: LexiconEntry; notes: GrammarNote[]; length: number } | null = null;
  for (const entry of entries) {
    for (const stem of stemsOf(entry.lemma)) {
      if (!word.startsWith(stem) || stem.length < 2) continue;
      const rest = word.slice(stem.length);
      const ending = ENDINGS.find(([e]) => e === rest || assimilated(stem, rest, e));
      if (rest === '' || ending) {
        if (!best || stem.length > best.length) {
          best = { entry, notes: ending ? [ending[1]] : [], length: stem.length };
        }
      }
    }
  }
  return best ? { entry: best.entry, notes: best.notes } : null;
}

function exact(word: string, entries: readonly LexiconEntry[]): LexiconEntry | undefined {
  return entries.find(
    (e) => lower(e.lemma) === word || (e.forms ?? []).some((f) => lower(f) === word),
  );
}

function byLemma(lemma: string, entries: readonly LexiconEntry[]): LexiconEntry | undefined {
  const l = lower(lemma);
  return entries.find((e) => lower(e.lemma) === l);
}

/** Tokens proposed for one line's text: see the file's comment. */
export function proposeTokens(text: string, context: ProposalContext): TokenProposal[] {
  const names = new Set((context.names ?? []).map((n) => n.normalize('NFC')));
  const preferred = new Set(
    [...context.vocabulary, ...context.glossary].map((e) => lower(e.lemma)),
  );
  return tokenize(text).map((token) => {
    const word = lower(token.text);
    const base = {
      ...token,
      grammarNotes: [] as GrammarNote[],
      vocabularyId: null,
      glossaryId: null,
    };
    if (DIGITS.test(token.text)) return { ...base, lemma: token.text, isName: false };

    const isName = names.has(token.text);
    const vocabulary = exact(word, context.vocabulary);
    const glossary = vocabulary ? undefined : exact(word, context.glossary);
    const readings = context.morphology?.analyse(token.text) ?? [];
    const reading = bestAnalysis(readings, preferred);

    let lemma = vocabulary?.lemma ?? glossary?.lemma ?? reading?.lemma ?? null;
    let notes: GrammarNote[] = vocabulary || glossary ? [] : [...(reading?.notes ?? [])];
    let vocabularyId =
      vocabulary?.id ?? (lemma ? byLemma(lemma, context.vocabulary)?.id : undefined);
    let glossaryId = vocabularyId
      ? undefined
      : (glossary?.id ?? (lemma ? byLemma(lemma, context.glossary)?.id : undefined));
    if (!vocabulary && !glossary && !isName && (!reading || reading.derived)) {
      // A known word the analyser reads as derived from a shorter one (kávézó, not kávé + -zó).
      // A plain inflection it reads stands (vagyok is van, not vagy + -ok).
      const guess = byEnding(word, context.vocabulary) ?? byEnding(word, context.glossary);
      const linked = vocabularyId ?? glossaryId;
      if (guess && (!linked || guess.entry.lemma.length > (lemma ?? '').length)) {
        lemma = guess.entry.lemma;
        if (!reading) notes = guess.notes;
        vocabularyId = context.vocabulary.includes(guess.entry) ? guess.entry.id : undefined;
        glossaryId = vocabularyId ? undefined : guess.entry.id;
      }
    }
    lemma ??= isName ? token.text : word;
    if (lower(lemma) === 'ön' && !notes.includes('formal_you')) notes.push('formal_you');
    return {
      ...base,
      lemma: lemma.normalize('NFC'),
      grammarNotes: notes,
      vocabularyId: vocabularyId ?? null,
      glossaryId: glossaryId ?? null,
      isName: isName || reading?.partOfSpeech === 'noun_prs',
    };
  });
}

/** A proposal as a transcript_tokens row to confirm (no meaning override, no note, unconfirmed). */
export function proposalRow(p: TokenProposal) {
  return {
    position: p.position,
    char_start: p.start,
    char_end: p.end,
    text: p.text,
    lemma: p.lemma,
    grammar_notes: [...p.grammarNotes],
    vocabulary_id: p.vocabularyId,
    glossary_id: p.glossaryId,
    meaning_en: null,
    meaning_de: null,
    meaning_es: null,
    is_name: p.isName,
    lesson_note_id: null,
    confirmed: false,
  };
}
