// What the German and Spanish spelling check reads (course.test.ts, with Debian's hunspell-de-de
// and hunspell-es): every meaning and translation of the course in that language — line
// translations, word meanings, glosses, note titles and bodies, lesson titles and descriptions,
// character names and the tourist pack. Names and Hungarian quotations are set aside:
//   - a name: one of NAMES, a character's name, or a word of PLACE_NAMES (the translations spell
//     Budapest's places in each language: Margareteninsel, isla Margarita);
//   - a Hungarian quotation: a word the Hungarian text of the course contains (lines, taught
//     words and their forms, glosses) or that hunspell-hu accepts, and an ending quoted with its
//     hyphen (-ban, -kor), which notes explain.
// Case is kept: de_DE rejects a German noun written in lower case.
import { NAMES, rawTokens } from './course-check.ts';
import { misspelled } from './hunspell.ts';
import { GLOSSARY } from './glossary.ts';
import { LESSONS } from './lessons.ts';
import { TOURIST_PACK } from './tourist-pack.ts';

/** Place names as the translations write them, not Hungarian and not in the dictionaries. */
const PLACE_NAMES: readonly string[] = [
  'Margareteninsel',
  'Margaretenbrücke',
  'Margarita',
  'Keleti',
  'Dobó',
  'Londres',
];

/** Hungarian endings and stems the notes quote without their hyphen (tej + vel, ik-Verben). */
const HUNGARIAN_FRAGMENTS: readonly string[] = ['ik', 'vel', 'om', 'tizen', 'huszon'];

/**
 * Correct words the Debian dictionaries lack, each with its authority: the check must not push
 * the translations away from good German or Spanish.
 */
const ACCEPTED: Readonly<Record<string, string>> = {
  Rezeptionistin: 'Duden',
  Beeil: 'Duden: beeilen, imperative (beeil dich)',
  Oje: 'Duden: oje',
  oje: 'Duden: oje',
  tuteémonos: 'RAE: tutear, imperative with nos',
  Tuteémonos: 'RAE: tutear, imperative with nos',
  chao: 'RAE: chao',
  forinto: 'RAE: forinto',
  gulash: 'RAE: gulash',
  Gulash: 'RAE: gulash',
  preverbio: 'RAE: preverbio',
};

/** A German number written as one word (tausendachthundert, vierhunderteinundneunzig). */
const GERMAN_NUMBER =
  /^(?:ein|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend|und)+$/iu;

export type Language = 'de' | 'es';

/** Every German or Spanish text of the course, with where it is (for the failure message). */
export function translationTexts(language: Language): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  const index = language === 'de' ? 2 : 3;
  for (const lesson of LESSONS) {
    const at = (what: string) => `lesson ${lesson.number} ${what}`;
    texts.push({ where: at('title'), text: lesson[language].title });
    texts.push({ where: at('description'), text: lesson[language].description });
    lesson.lines.forEach(([, , translation], i) =>
      texts.push({ where: at(`line ${i + 1}`), text: translation[language] }),
    );
    for (const word of lesson.words)
      texts.push({ where: at(`word ${word.hu}`), text: word[language] });
    for (const gloss of lesson.glosses ?? []) {
      texts.push({ where: at(`gloss ${gloss.form}`), text: gloss[language] });
    }
    lesson.notes.forEach((note, i) => {
      texts.push({ where: at(`note ${i + 1} title`), text: note.title[language] });
      texts.push({ where: at(`note ${i + 1}`), text: note.body[language] });
    });
    for (const c of lesson.characters ?? []) {
      texts.push({ where: at(`character ${c.key}`), text: c.name[language] });
    }
  }
  for (const entry of TOURIST_PACK) {
    texts.push({ where: `tourist pack ${entry[0]}`, text: entry[index] ?? '' });
  }
  for (const entry of GLOSSARY) {
    texts.push({ where: `glossary ${entry.lemma}`, text: entry[language] });
  }
  return texts;
}

/** The Hungarian words of the course (lines, words, forms, glosses), as written and lower case. */
function hungarianWords(): Set<string> {
  const words = LESSONS.flatMap((l) => [
    ...l.lines.flatMap(([, text]) => rawTokens(text)),
    ...l.words.flatMap((w) => [...rawTokens(w.hu), ...(w.forms ?? []).flatMap(rawTokens)]),
    ...(l.glosses ?? []).flatMap((g) => rawTokens(g.form)),
    ...l.notes.flatMap((n) => n.forms.flatMap(rawTokens)),
  ]);
  return new Set([...words, ...words.map((w) => w.toLowerCase())]);
}

/** The words of a German or Spanish text; an ending quoted with its hyphen (-ban) is left out. */
function words(text: string): string[] {
  return (text.normalize('NFC').match(/-?\p{L}+/gu) ?? []).filter((w) => !w.startsWith('-'));
}

/**
 * The words of the German or Spanish texts that the language's dictionary rejects, names and
 * Hungarian quotations aside, each with the first place it occurs.
 */
export function translationMisspellings(language: Language): string[] {
  const texts = translationTexts(language);
  const names = new Set([
    ...NAMES,
    ...PLACE_NAMES,
    ...LESSONS.flatMap((l) => (l.characters ?? []).flatMap((c) => words(c.name.en))),
  ]);
  const hungarian = hungarianWords();
  const isName = (w: string) => names.has(w) || (w.endsWith('s') && names.has(w.slice(0, -1)));
  const candidates = [
    ...new Set(
      texts
        .flatMap((t) => words(t.text))
        .filter((w) => !isName(w) && !hungarian.has(w) && !HUNGARIAN_FRAGMENTS.includes(w))
        .filter((w) => !(w in ACCEPTED) && !(language === 'de' && GERMAN_NUMBER.test(w))),
    ),
  ];
  const notHungarian = new Set(misspelled(candidates));
  const wrong = new Set(
    misspelled(
      candidates.filter((w) => notHungarian.has(w)),
      language === 'de' ? 'de_DE' : 'es_ES',
    ),
  );
  return [...wrong].map((w) => {
    const where = texts.find((t) => words(t.text).includes(w))?.where ?? '?';
    return `${w} (${where})`;
  });
}
