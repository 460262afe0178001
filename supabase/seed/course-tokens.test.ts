// The seed course's tokens and word times (issue 31 point 4, issue 28 point 6): every word of every
// line of all thirty lessons has a token (core's tokenize), a dictionary form, a meaning in
// English, German and Spanish (≥ 95 % of the words that are not names), and times in every
// rendering that lie inside its line's times and in order. The figures are printed. Needs
// hunspell with Debian's hunspell-hu (the tokens are rebuilt to show tokens.json is current).
import { tokenize } from '@magyarul/core/tokens';
import { describe, expect, it } from 'vitest';
import { buildSeedTokens } from './content/build-tokens.ts';
import { loadTimings } from './content/catalog.ts';
import { GLOSSARY } from './content/glossary.ts';
import { LESSONS } from './content/lessons.ts';
import type { SeedToken } from './content/seed-tokens.ts';
import { loadSeedTokens } from './content/seed-tokens.ts';
import { loadWordTimes, RENDERINGS } from './content/word-times.ts';

const tokens = loadSeedTokens();
const wordTimes = loadWordTimes();
const timings = loadTimings();
const LANGUAGES = ['en', 'de', 'es'] as const;
/** Rounding of the stored times (3 decimals for words, 2 for lines). */
const EPSILON = 0.006;

const glossary = new Map(GLOSSARY.map((g) => [g.lemma, g]));

/** The token's meaning in each language, from its own, its lesson word's or its entry's. */
function meanings(
  lessonNumber: number,
  token: SeedToken,
): Partial<Record<'en' | 'de' | 'es', string>> {
  if (token.meaning) return token.meaning;
  if (token.word) {
    const word = LESSONS.find((l) => l.number === lessonNumber)?.words.find(
      (w) => w.hu === token.word,
    );
    return word ?? {};
  }
  if (token.glossary) return glossary.get(token.glossary) ?? {};
  return {};
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

describe('seed tokens', () => {
  it('has the tokens of every line of all thirty lessons, as core tokenizes it', () => {
    expect(LESSONS).toHaveLength(30);
    for (const lesson of LESSONS) {
      const lines = tokens.lessons[String(lesson.number)];
      expect(lines, `lesson ${lesson.number}`).toHaveLength(lesson.lines.length);
      lesson.lines.forEach(([, text], i) => {
        const expected = tokenize(text).map((t) => [t.text, t.start, t.end]);
        const stored = (lines?.[i] ?? []).map((t) => [t.text, t.start, t.end]);
        expect(stored, `lesson ${lesson.number} line ${i + 1}`).toEqual(expected);
        expect(stored.length).toBeGreaterThan(0);
      });
    }
  });

  it('gives every word a dictionary form and ≥ 95 % of the words that are not names a meaning in en, de and es', () => {
    let words = 0;
    let names = 0;
    let meant = 0;
    let linkedHere = 0;
    let linkedGlossary = 0;
    let noted = 0;
    const missing: string[] = [];
    for (const lesson of LESSONS) {
      const taught = new Set(lesson.words.map((w) => w.hu));
      (tokens.lessons[String(lesson.number)] ?? []).forEach((line, i) => {
        for (const token of line) {
          words += 1;
          expect(token.lemma.trim(), `${token.text} in lesson ${lesson.number}`).not.toBe('');
          expect(token.lemma).toBe(token.lemma.normalize('NFC'));
          if (token.word) {
            expect(
              taught.has(token.word),
              `${token.word} is a word of lesson ${lesson.number}`,
            ).toBe(true);
            linkedHere += 1;
          }
          if (token.glossary) {
            expect(glossary.has(token.glossary), `glossary entry ${token.glossary}`).toBe(true);
            linkedGlossary += 1;
          }
          if (token.notes.length > 0) noted += 1;
          if (token.name) {
            names += 1;
            continue;
          }
          const m = meanings(lesson.number, token);
          if (LANGUAGES.every((l) => (m[l] ?? '').trim() !== '')) meant += 1;
          else missing.push(`${token.text} (lesson ${lesson.number} line ${i + 1})`);
        }
      });
    }
    const share = meant / (words - names);
    console.log(
      `seed tokens: ${words} words, ${names} names, ${percent(share)} of the others with a meaning in en/de/es; ` +
        `${linkedHere} linked to their lesson's word, ${linkedGlossary} to the glossary (${GLOSSARY.length} entries), ` +
        `${noted} with grammar notes` +
        (missing.length > 0 ? `; without: ${missing.slice(0, 20).join(', ')}` : ''),
    );
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('is what the content, the course analysis and hunspell-hu give today (tokens.json is current)', () => {
    expect(buildSeedTokens().lessons).toEqual(tokens.lessons);
  });

  it('gives every word times in every rendering, inside its line and in order', () => {
    let words = 0;
    let widest = 0;
    for (const lesson of LESSONS) {
      const timing = timings.lessons[String(lesson.number)];
      const times = wordTimes.lessons[String(lesson.number)];
      expect(times?.hash, `word times of lesson ${lesson.number} are for its dialogue`).toBe(
        timing?.hash,
      );
      const lines = tokens.lessons[String(lesson.number)] ?? [];
      for (const rendering of RENDERINGS) {
        const lineTimes = rendering === 'normal' ? timing?.lines : timing?.[rendering].lines;
        lines.forEach((line, i) => {
          const where = `lesson ${lesson.number} line ${i + 1} (${rendering})`;
          const words_ = times?.[rendering][i] ?? [];
          const span = lineTimes?.[i];
          expect(words_, where).toHaveLength(line.length);
          let previous = span ? span.start : 0;
          for (const [start, end] of words_) {
            words += 1;
            expect(start, where).toBeGreaterThanOrEqual(previous - EPSILON);
            expect(end, where).toBeGreaterThanOrEqual(start);
            expect(end, where).toBeLessThanOrEqual((span?.end ?? 0) + EPSILON);
            widest = Math.max(widest, end - start);
            previous = end;
          }
        });
      }
    }
    console.log(
      `seed word times: ${words} word spans in 3 renderings, the longest ${widest.toFixed(2)} s`,
    );
  });
});
