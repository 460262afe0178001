// The measures of the course check (course.test.ts), written once so the figures the test
// prints are the ones it asserts.
//
// Coverage: a learner may hear a word in lesson n when it is
//   1. a form of an item taught in lesson n or earlier: the token is the item's dictionary form,
//      one of its listed `forms`, or hunspell-hu reduces it to the item (kávét → kávé, vagyok →
//      van). Multi-word items (jó napot) cover their words only where the whole phrase occurs.
//      Stems that are only the tail of a compound (tizenöt → öt) and the analyses listed in
//      FALSE_STEMS do not count;
//      A verb with a preverb (megnéz, hazamegy) counts when the verb and the preverb (meg, haza)
//      are both taught;
//   2. a number built from taught numbers (tizenöt = tíz + öt, negyvenkettő = negyven + kettő);
//   3. a proper name from NAMES (with its suffixes: Budapesten, Egerbe);
//   4. glossed: listed in the lesson's `glosses`, and then every line containing it must show
//      the gloss's meaning in its English, German and Spanish translation.
// Reuse of lesson n: of the distinct taught items its dialogue uses, the share taught before n.
// Frequency: an item is frequent when each of its words is among the first FREQUENT_RANK forms
// of hu-frequency.txt or is the dictionary form of one of them (hunspell-hu's stems).
import { readFileSync } from 'node:fs';
import { stems as hunspellStems } from './hunspell.ts';
import type { SeedLesson, SeedNote } from './types.ts';

/** Proper names the spell-checker may not know and that need no teaching. */
export const NAMES: readonly string[] = [
  'Anna',
  'Bence',
  'Budapest',
  'Debrecen',
  'Eger',
  'Balaton',
  'Duna',
  'Keleti',
  'Siófok',
  'Tihany',
  'Margit',
  'Kati',
  'Péter',
  'Magyarország',
  'Szabó',
  'Kovács',
  'Nagy',
  'Andrássy',
  'Dobó',
  'Margitsziget',
  'Szeged',
  'London',
  'Bodri',
  'Arany',
  'Lucía',
  'Madrid',
  'Eszter',
  'Tamás',
  'Zsófi',
];

/** Analyses hunspell-hu offers that are wrong for how the course uses the word. */
const FALSE_STEMS: Readonly<Record<string, readonly string[]>> = {
  miért: ['én', 'mi'],
  mert: ['mer'],
  vagy: ['van'],
  önt: ['önt'],
  mit: ['én'],
  mi: ['én'],
  miben: ['én'],
  őt: ['én'],
  őket: ['én'],
  neki: ['én'],
  nekik: ['én'],
  neked: ['én'],
  téged: ['én'],
  veled: ['én'],
  vele: ['én'],
};

/** Preverbs; a preverb only helps once it has been taught as a word of its own. */
const PREVERBS: readonly string[] = [
  'vissza',
  'össze',
  'haza',
  'meg',
  'fel',
  'oda',
  'ide',
  'el',
  'be',
  'ki',
  'le',
  'át',
];

export const FREQUENT_RANK = 1000;

/** Hungarian letters (and the Latin ones) in running text; anything else separates words. */
const WORD = /[a-záéíóöőúüű]+/giu;

/** The words of a text as written (names keep their capital, which the stemmer needs). */
export function rawTokens(text: string): string[] {
  return text.normalize('NFC').match(WORD) ?? [];
}

export function tokens(text: string): string[] {
  return rawTokens(text).map((t) => t.toLowerCase());
}

/** Stems per lower-case token, from the token as written and in lower case. */
function stemsOf(texts: readonly string[]): Map<string, string[]> {
  const raw = texts.flatMap(rawTokens);
  const lower = raw.map((t) => t.toLowerCase());
  const found = hunspellStems([...raw, ...lower]);
  const result = new Map<string, string[]>();
  raw.forEach((token, i) => {
    const key = lower[i] ?? token;
    const merged = new Set([...(result.get(key) ?? []), ...(found.get(token) ?? [])]);
    for (const stem of found.get(key) ?? []) merged.add(stem);
    result.set(key, [...merged]);
  });
  return result;
}

type Item = {
  readonly lesson: number;
  readonly hu: string;
  readonly words: readonly string[];
  readonly forms: ReadonlySet<string>;
};

/** Number morphemes and the taught number each one stands for (tizen- is tíz, két is kettő). */
const NUMBER_MORPHEMES: Readonly<Record<string, string>> = {
  egy: 'egy',
  kettő: 'kettő',
  két: 'kettő',
  három: 'három',
  négy: 'négy',
  öt: 'öt',
  hat: 'hat',
  hét: 'hét',
  nyolc: 'nyolc',
  kilenc: 'kilenc',
  tíz: 'tíz',
  tizen: 'tíz',
  húsz: 'húsz',
  huszon: 'húsz',
  harminc: 'harminc',
  negyven: 'negyven',
  ötven: 'ötven',
  hatvan: 'hatvan',
  hetven: 'hetven',
  nyolcvan: 'nyolcvan',
  kilencven: 'kilencven',
  száz: 'száz',
  ezer: 'ezer',
};
// Longest first, so hatvan is read as one morpheme and not as hat + van.
const MORPHEMES = Object.keys(NUMBER_MORPHEMES).sort((a, b) => b.length - a.length);

/**
 * The taught numbers a compound numeral is made of (tizenöt → tíz, öt; kétszáz → kettő, száz),
 * or null when the stem is not a numeral of at least two parts.
 */
export function numeralParts(stem: string): readonly string[] | null {
  const parts: string[] = [];
  let rest = stem;
  while (rest.length > 0) {
    const morpheme = MORPHEMES.find((m) => rest.startsWith(m));
    if (!morpheme) return null;
    parts.push(NUMBER_MORPHEMES[morpheme] ?? morpheme);
    rest = rest.slice(morpheme.length);
  }
  return parts.length >= 2 ? parts : null;
}

export type TokenUse = {
  readonly lesson: number;
  readonly line: number;
  readonly token: string;
  /**
   * How it is covered: 'item:<hu>' (or 'item:<preverb>+<verb>'), 'number:<part>+<part>…',
   * 'name', 'gloss', or null when it is not.
   */
  readonly by: string | null;
  /**
   * 0 for a word of its own or the first word of a multi-word item where it is heard (jó in
   * jó napot), 1… for the item's later words there (napot): one hearing of the item.
   */
  readonly part: number;
};

export type CourseAnalysis = {
  readonly uses: readonly TokenUse[];
  /** Items taught per lesson, by lower-case dictionary form. */
  readonly taught: ReadonlyMap<number, readonly Item[]>;
  /** Items each lesson's dialogue uses (any lesson up to it). */
  readonly used: ReadonlyMap<number, ReadonlySet<string>>;
  /** Where each item was taught. */
  readonly lessonOf: ReadonlyMap<string, number>;
  readonly stems: ReadonlyMap<string, readonly string[]>;
};

function usableStems(token: string, all: readonly string[]): string[] {
  const banned = new Set(FALSE_STEMS[token] ?? []);
  return all.filter(
    (stem) =>
      !banned.has(stem) &&
      // The tail of a compound (tizenöt → öt, kávéház → ház) is not the word itself.
      !all.some((other) => other !== stem && other.length > stem.length && other.endsWith(stem)),
  );
}

/** [preverb, verb] when a stem is a taught preverb plus a taught word (megnéz → meg, néz). */
function preverbVerb(
  candidates: readonly string[],
  known: ReadonlySet<string>,
): readonly [string, string] | null {
  for (const stem of candidates) {
    for (const preverb of PREVERBS) {
      const rest = stem.slice(preverb.length);
      if (stem.startsWith(preverb) && rest.length > 1 && known.has(preverb) && known.has(rest)) {
        return [preverb, rest];
      }
    }
  }
  return null;
}

export function analyseCourse(lessons: readonly SeedLesson[]): CourseAnalysis {
  const nameStems = new Set(NAMES.map((n) => n.toLowerCase()));
  const stemMap = stemsOf(lessons.flatMap((l) => l.lines.map(([, text]) => text)));

  const taught = new Map<number, Item[]>();
  const lessonOf = new Map<string, number>();
  for (const lesson of lessons) {
    const items = lesson.words.map((w) => {
      const hu = w.hu.normalize('NFC').toLowerCase();
      return {
        lesson: lesson.number,
        hu,
        words: tokens(hu),
        forms: new Set((w.forms ?? []).map((f) => f.normalize('NFC').toLowerCase())),
      };
    });
    taught.set(lesson.number, items);
    for (const item of items) if (!lessonOf.has(item.hu)) lessonOf.set(item.hu, lesson.number);
  }

  const uses: TokenUse[] = [];
  const used = new Map<number, Set<string>>();
  const known: Item[] = [];
  for (const lesson of lessons) {
    known.push(...(taught.get(lesson.number) ?? []));
    const knownWords = new Set(known.map((i) => i.hu));
    const single = known.filter((i) => i.words.length === 1);
    const phrases = known.filter((i) => i.words.length > 1);
    const glossed = new Set((lesson.glosses ?? []).map((g) => g.form.toLowerCase()));
    const usedHere = new Set<string>();
    lesson.lines.forEach(([, text], lineIndex) => {
      const words = tokens(text);
      const by: (string | null)[] = words.map(() => null);
      const part: number[] = words.map(() => 0);
      for (const phrase of phrases) {
        for (let i = 0; i + phrase.words.length <= words.length; i++) {
          if (phrase.words.every((w, k) => words[i + k] === w)) {
            for (let k = 0; k < phrase.words.length; k++) {
              by[i + k] = `item:${phrase.hu}`;
              part[i + k] = k;
            }
            usedHere.add(phrase.hu);
          }
        }
      }
      words.forEach((token, i) => {
        if (by[i]) return;
        const candidates = usableStems(token, stemMap.get(token) ?? []);
        const numeral = [token, ...candidates].map(numeralParts).find((p) => p !== null);
        if (numeral) {
          if (numeral.every((part) => knownWords.has(part))) {
            by[i] = `number:${numeral.join('+')}`;
            for (const part of numeral) usedHere.add(part);
          }
          return;
        }
        const item =
          single.find((it) => it.hu === token) ??
          single.find((it) => it.forms.has(token)) ??
          single.find((it) => candidates.includes(it.hu));
        const prefixed = item ? null : preverbVerb(candidates, knownWords);
        if (prefixed) {
          by[i] = `item:${prefixed.join('+')}`;
          for (const part of prefixed) usedHere.add(part);
        } else if (item) {
          by[i] = `item:${item.hu}`;
          usedHere.add(item.hu);
        } else if (nameStems.has(token) || candidates.some((s) => nameStems.has(s))) {
          by[i] = 'name';
        } else if (glossed.has(token)) {
          by[i] = 'gloss';
        }
      });
      words.forEach((token, i) =>
        uses.push({
          lesson: lesson.number,
          line: lineIndex + 1,
          token,
          by: by[i] ?? null,
          part: part[i] ?? 0,
        }),
      );
    });
    used.set(lesson.number, usedHere);
  }
  return { uses, taught, used, lessonOf, stems: stemMap };
}

/**
 * The items a covered token stands for: one item, a preverb and its verb, or a numeral's parts;
 * none for a name, a gloss or an uncovered token.
 */
export function itemsOf(use: TokenUse): string[] {
  if (use.by?.startsWith('item:')) return use.by.slice(5).split('+');
  if (use.by?.startsWith('number:')) return use.by.slice(7).split('+');
  return [];
}

/** The later lessons whose dialogue uses an item again (by number). */
export function laterLessons(analysis: CourseAnalysis, hu: string): number[] {
  const taught = analysis.lessonOf.get(hu);
  if (taught === undefined) return [];
  return [...analysis.used.entries()]
    .filter(([n, used]) => n > taught && used.has(hu))
    .map(([n]) => n)
    .sort((a, b) => a - b);
}

/** Share of lesson n's used items that were taught in earlier lessons. */
export function reuseShare(analysis: CourseAnalysis, lesson: number): number {
  const used = [...(analysis.used.get(lesson) ?? [])];
  if (used.length === 0) return 0;
  const earlier = used.filter((hu) => (analysis.lessonOf.get(hu) ?? lesson) < lesson).length;
  return earlier / used.length;
}

/** The first `rank` forms of hu-frequency.txt (path given by the caller). */
export function frequentForms(file: string | URL, rank = FREQUENT_RANK): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((w) => w.trim().normalize('NFC').toLowerCase())
    .filter(Boolean)
    .slice(0, rank);
}

/** Forms plus the dictionary forms hunspell-hu derives from them. */
export function frequentLemmas(forms: readonly string[]): Set<string> {
  const set = new Set(forms);
  for (const stemsOfForm of hunspellStems(forms).values()) {
    for (const stem of stemsOfForm) set.add(stem);
  }
  return set;
}

export function isFrequent(hu: string, lemmas: ReadonlySet<string>): boolean {
  const words = tokens(hu);
  return words.length > 0 && words.every((w) => lemmas.has(w));
}

/**
 * The 1-based lines a note explains: every line of its lesson in which one of the note's forms is
 * heard (a form of several words must occur as those words in a row).
 */
export function noteLines(lesson: SeedLesson, note: SeedNote): number[] {
  const forms = note.forms.map(tokens).filter((f) => f.length > 0);
  const result: number[] = [];
  lesson.lines.forEach(([, text], i) => {
    const words = tokens(text);
    const found = forms.some((form) =>
      words.some((_, start) => form.every((w, k) => words[start + k] === w)),
    );
    if (found) result.push(i + 1);
  });
  return result;
}
