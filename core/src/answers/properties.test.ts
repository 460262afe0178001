import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './compare.ts';
import { diffWord } from './diff.ts';

// Property tests of the typed-answer comparison over Hungarian-looking words.
const LETTERS = Array.from('aábcdeéfghiíjklmnoóöőprstuúüűvzy');
/** Each accented letter with every form a learner might type instead: bare, other length, other family. */
const CONFUSABLE: Readonly<Record<string, readonly string[]>> = {
  á: ['a'],
  é: ['e'],
  í: ['i'],
  ó: ['o', 'ö', 'ő'],
  ö: ['o', 'ó', 'ő'],
  ő: ['o', 'ö', 'ó'],
  ú: ['u', 'ü', 'ű'],
  ü: ['u', 'ú', 'ű'],
  ű: ['u', 'ü', 'ú'],
};
const VOWEL_KINDS = ['missingAccent', 'longVowel', 'shortVowel', 'vowelFamily'];

const word = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 10 })
  .map((l) => l.join(''));
const phrase = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const accented = fc
  .tuple(phrase, fc.constantFrom(...Object.keys(CONFUSABLE)), fc.nat(), fc.nat())
  .map(([text, letter, at, pick]) => {
    const chars = Array.from(text);
    const index = at % (chars.length + 1);
    chars.splice(index, 0, letter);
    const forms = CONFUSABLE[letter] as readonly string[];
    return { text: chars.join(''), index, replacement: forms[pick % forms.length] as string };
  });
const surrounding = fc
  .array(
    fc.constantFrom(' ', '\t', '!', '?', '.', ',', '"', '„', '”', '¿', '¡', '(', ')', '…', '-'),
    {
      maxLength: 4,
    },
  )
  .map((c) => c.join(''));

describe('typed-answer comparison properties', () => {
  it('returns right for NFC and NFD spellings of the same answer, either side', () => {
    fc.assert(
      fc.property(phrase, (text) => {
        expect(checkAnswer(text.normalize('NFD'), text).verdict).toBe('right');
        expect(checkAnswer(text, text.normalize('NFD')).verdict).toBe('right');
        expect(checkAnswer(text.normalize('NFD'), text.normalize('NFD')).verdict).toBe('right');
      }),
    );
  });

  it('returns never right when one accented letter is typed bare or with another length or vowel', () => {
    fc.assert(
      fc.property(accented, fc.boolean(), ({ text, index, replacement }, nfd) => {
        const chars = Array.from(text);
        chars[index] = replacement;
        const typed = chars.join('');
        const check = checkAnswer(nfd ? typed.normalize('NFD') : typed, text);
        expect(check.verdict).not.toBe('right');
        expect(check.differences.map((d) => d.kind).some((k) => VOWEL_KINDS.includes(k))).toBe(
          true,
        );
      }),
    );
  });

  it('returns right whatever the case, surrounding punctuation and whitespace', () => {
    fc.assert(
      fc.property(
        phrase,
        surrounding,
        surrounding,
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        fc.constantFrom(' ', '  ', '\t', ' \n '),
        (text, before, after, upper, gap) => {
          const cased = Array.from(text)
            .map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c))
            .join('')
            .replace(/ /g, gap);
          expect(checkAnswer(`${before}${cased}${after}`, text).verdict).toBe('right');
          expect(checkAnswer(text, `${before}${cased}${after}`).verdict).toBe('right');
        },
      ),
    );
  });

  it('returns right for every headword listed in a field, with its optional part and article', () => {
    fc.assert(
      fc.property(
        fc.array(phrase, { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom('/', ',', ';', ' / ', ', ', ' ; '), {
          minLength: 4,
          maxLength: 4,
        }),
        word,
        fc.constantFrom('a', 'az', 'egy'),
        (headwords, separators, hint, article) => {
          const field = headwords
            .map((h, i) => (i === 0 ? h : `${separators[i - 1]}${h}`))
            .join('');
          for (const h of headwords) expect(checkAnswer(h, field).verdict).toBe('right');
          const first = headwords[0] as string;
          const optional = `${first} (${hint})`;
          expect(checkAnswer(first, optional).verdict).toBe('right');
          expect(checkAnswer(`${first} ${hint}`, optional).verdict).toBe('right');
          expect(checkAnswer(first, `${article} ${first}`).verdict).toBe('right');
          expect(checkAnswer(`${article} ${first}`, first).verdict).toBe('right');
        },
      ),
    );
  });

  it('returns segments that spell out the expected and the typed word', () => {
    fc.assert(
      fc.property(phrase, phrase, (expected, typed) => {
        const { segments, cost } = diffWord(expected, typed);
        const expectedSide = segments
          .map((s) => (s.type === 'same' ? s.text : s.type === 'extra' ? '' : s.expected))
          .join('');
        const typedSide = segments
          .map((s) => (s.type === 'same' ? s.text : s.type === 'missing' ? '' : s.typed))
          .join('');
        expect(expectedSide).toBe(expected);
        expect(typedSide.toLowerCase()).toBe(typed.toLowerCase());
        expect(cost === 0).toBe(expected.toLowerCase() === typed.toLowerCase());
      }),
    );
  });
});
