// The tokens of every line of the seed course (DESIGN §12.3).
// Words are core's tokenize; what each word is a form of comes from the course check's analysis
// (analyseCourse: hunspell-hu's stems, the lessons' irregular forms, prefixed verbs, numerals,
// names, glosses), its grammar notes from hunspell-hu's morphological readings of the word
// (`hunspell -m`, the reading whose dictionary form is the word's). A word of an item taught in
// the line's own lesson links to that lesson word, one taught earlier (or a prefixed verb, or a
// hyphenated word) to the glossary; a glossed form and a numeral carry their own meaning.
// Needs Debian's hunspell and hunspell-hu; make-tokens.ts writes them to tokens.json.
import type { Analysis, GrammarNote } from '@magyarul/core/grammar';
import { bestAnalysis, readAnalysis } from '@magyarul/core/grammar';
import { tokenize } from '@magyarul/core/tokens';
import type { TokenUse } from './course-check.ts';
import { analyseCourse, itemsOf, rawTokens } from './course-check.ts';
import { GLOSSARY } from './glossary.ts';
import { readings } from './hunspell.ts';
import { LESSONS } from './lessons.ts';
import type { SeedToken, SeedTokens } from './seed-tokens.ts';
import type { SeedLesson, Translation } from './types.ts';
import { numberValue } from './numbers.ts';

const lower = (text: string) => text.normalize('NFC').toLocaleLowerCase('hu');
const glossaryLemmas = new Set(GLOSSARY.map((g) => g.lemma));

/** The dictionary form an analysis use stands for: the item, the prefixed verb, the numeral. */
function itemLemma(use: TokenUse): string | null {
  if (use.by?.startsWith('item:')) return use.by.slice(5).split('+').join('');
  return null;
}

function readingFor(
  word: string,
  lemma: string | null,
  all: ReadonlyMap<string, readonly string[]>,
): Analysis | null {
  const found = [...(all.get(word) ?? []), ...(all.get(lower(word)) ?? [])]
    .map((line) => readAnalysis(line))
    .filter((a): a is Analysis => a !== null);
  if (!lemma) return bestAnalysis(found);
  const matching = found.filter((a) => lower(a.lemma) === lower(lemma));
  return bestAnalysis(matching);
}

function noteOf(lesson: SeedLesson, words: readonly string[], index: number): number | undefined {
  for (const [n, note] of lesson.notes.entries()) {
    for (const form of note.forms) {
      const parts = rawTokens(form).map(lower);
      for (let k = 0; k < parts.length; k++) {
        const from = index - k;
        if (from >= 0 && parts.every((p, j) => words[from + j] === p)) return n + 1;
      }
    }
  }
  return undefined;
}

function lineTokens(
  lesson: SeedLesson,
  text: string,
  uses: readonly TokenUse[],
  all: ReadonlyMap<string, readonly string[]>,
): SeedToken[] {
  const taughtHere = new Set(lesson.words.map((w) => w.hu.normalize('NFC').toLowerCase()));
  const glosses = new Map((lesson.glosses ?? []).map((g) => [lower(g.form), g]));
  const words = tokenize(text);
  const lowerWords = words.map((w) => lower(w.text));
  let next = 0;
  return words.map((token, index) => {
    // The analysis splits hyphenated words; it consumes one use per part.
    const parts = rawTokens(token.text).length;
    const mine = uses.slice(next, next + parts);
    next += parts;
    const whole = lower(token.text);
    const base = { text: token.text, start: token.start, end: token.end };
    const note = noteOf(lesson, lowerWords, index);
    const withNote = note ? { note } : {};

    const numeral = /^\p{L}/u.test(token.text) ? numberValue(whole) : null;
    if (numeral !== null && mine.some((u) => u.by?.startsWith('number:'))) {
      const digits = String(numeral);
      const meaning: Translation = { en: digits, de: digits, es: digits };
      return { ...base, lemma: whole, notes: [], meaning, ...withNote };
    }
    if (mine.length === 1 && mine[0]?.by === 'name') {
      const reading = readingFor(token.text, null, all);
      const lemma = reading?.partOfSpeech === 'noun_prs' ? reading.lemma : token.text;
      return { ...base, lemma, notes: [...(reading?.notes ?? [])], name: true, ...withNote };
    }
    if (parts > 1 && glossaryLemmas.has(whole)) {
      return { ...base, lemma: whole, notes: [], glossary: whole, ...withNote };
    }
    const use = mine[0];
    const gloss = glosses.get(whole);
    if (use?.by === 'gloss' && gloss) {
      const reading = readingFor(token.text, null, all);
      const lemma = reading ? lower(reading.lemma) : whole;
      const meaning: Translation = { en: gloss.en, de: gloss.de, es: gloss.es };
      return { ...base, lemma, notes: [...(reading?.notes ?? [])], meaning, ...withNote };
    }
    const item = use ? itemLemma(use) : null;
    if (!use || !item) {
      throw new Error(`lesson ${lesson.number}: "${token.text}" in "${text}" is not covered`);
    }
    // A phrase item (jó napot): each word keeps its own dictionary form, the phrase its meaning.
    const phrase = item.includes(' ');
    const reading = readingFor(token.text, phrase ? null : item, all);
    const lemma = phrase ? lower(reading?.lemma ?? whole) : item;
    const notes: GrammarNote[] = [...(reading?.notes ?? [])];
    if (lemma === 'ön' && !notes.includes('formal_you')) notes.push('formal_you');
    const link =
      taughtHere.has(item) && itemsOf(use).length === 1 ? { word: item } : { glossary: item };
    if ('glossary' in link && !glossaryLemmas.has(item)) {
      throw new Error(`lesson ${lesson.number}: no glossary entry for "${item}"`);
    }
    return { ...base, lemma, notes, ...link, ...withNote };
  });
}

/** The tokens of every line of the course (see the file's comment). */
export function buildSeedTokens(): SeedTokens {
  const analysis = analyseCourse(LESSONS);
  const words = LESSONS.flatMap((l) =>
    l.lines.flatMap(([, text]) => tokenize(text).map((t) => t.text)),
  );
  const all = readings([...words, ...words.map(lower)]);
  const lessons: Record<string, SeedToken[][]> = {};
  for (const lesson of LESSONS) {
    lessons[String(lesson.number)] = lesson.lines.map(([, text], index) => {
      const uses = analysis.uses.filter((u) => u.lesson === lesson.number && u.line === index + 1);
      return lineTokens(lesson, text, uses, all);
    });
  }
  return {
    generator: 'make-tokens.ts: core tokenize, the course analysis, hunspell-hu readings',
    lessons,
  };
}
