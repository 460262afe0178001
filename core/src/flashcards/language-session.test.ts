import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardWord, Flashcard } from './card.ts';
import { distractorsFor, sides } from './card.ts';
import { LESSON_FALLBACK_WORDS, REVIEW_FILLER_WORDS } from './fillers.ts';
import { buildLessonSession } from './lesson-session.ts';
import { MEANING_LANGUAGES, optionKey } from './meaning.ts';
import type { MeaningLanguage } from './meaning.ts';
import { mulberry32 } from './random.ts';
import { buildReviewSession } from './review-session.ts';

const word = (
  id: string,
  hu: string,
  en: string,
  de: string | null,
  es: string | null,
  difficulty = 'beginner',
): CardWord => ({ id, word_hu: hu, word_en: en, word_de: de, word_es: es, difficulty });

const lesson: CardWord[] = [
  word('w1', 'holnap', 'tomorrow', 'morgen', 'mañana'),
  word('w2', 'szia', 'hi; bye (informal)', 'hallo; tschüss', 'hola; adiós'),
  word('w3', 'orvos', 'doctor', 'Arzt, Ärztin', 'médico, médica'),
  word('w4', 'tanár', 'teacher', 'Lehrer, Lehrerin', 'profesor, profesora'),
  // Not translated into German yet.
  word('w5', 'pohár', 'glass (for drinking)', null, 'vaso'),
];

const meaningOptions = (card: Flashcard) => card.options.map((o) => o.text);
const byId = (cards: Flashcard[], id: string) => {
  const card = cards.find((c) => c.id === id);
  if (!card) throw new Error(`no card ${id}`);
  return card;
};

describe('cards in the learner language', () => {
  it('returns German meanings as answer and distractors on a German card', () => {
    const cards = buildLessonSession(lesson, { random: mulberry32(1), language: 'de' });
    const card = byId(cards, 'w1:hungarian_to_english');
    expect(card.meaning).toEqual({ text: 'morgen', language: 'de', fallback: false });
    expect(card.options.find((o) => o.isCorrect)?.text).toBe('morgen');
    const german = new Set(
      [...lesson.map((w) => w.word_de), ...LESSON_FALLBACK_WORDS.map((f) => f.de)].filter(
        (t): t is string => t !== null,
      ),
    );
    for (const text of meaningOptions(card)) expect(german.has(text), text).toBe(true);
    expect(meaningOptions(card)).not.toContain('glass (for drinking)');
  });

  it('returns the question in the learner language on a meaning-to-Hungarian card', () => {
    const cards = buildLessonSession(lesson, { random: mulberry32(2), language: 'es' });
    const card = byId(cards, 'w3:english_to_hungarian');
    expect(card.question).toEqual({ text: 'médico, médica', audioUrl: null });
    expect(card.meaning.language).toBe('es');
    expect(card.options.find((o) => o.isCorrect)?.text).toBe('orvos');
  });

  it('returns an English card marked as a fallback, with English distractors, for an untranslated word', () => {
    const cards = buildLessonSession(lesson, { random: mulberry32(3), language: 'de' });
    const card = byId(cards, 'w5:hungarian_to_english');
    expect(card.meaning).toEqual({ text: 'glass (for drinking)', language: 'en', fallback: true });
    const english = new Set([
      ...lesson.map((w) => w.word_en),
      ...LESSON_FALLBACK_WORDS.map((f) => f.en),
    ]);
    for (const text of meaningOptions(card)) expect(english.has(text), text).toBe(true);
    const reverse = byId(cards, 'w5:english_to_hungarian');
    expect(reverse.question.text).toBe('glass (for drinking)');
    expect(reverse.meaning.fallback).toBe(true);
  });

  it('returns German filler words when too few lesson words have German meanings', () => {
    const small = [
      word('a', 'kávé', 'coffee', 'Kaffee', null),
      word('b', 'tea', 'tea', null, null),
    ];
    const cards = buildLessonSession(small, { random: mulberry32(4), language: 'de' });
    const card = byId(cards, 'a:hungarian_to_english');
    const distractors = card.options.filter((o) => !o.isCorrect).map((o) => o.text);
    const fillers = LESSON_FALLBACK_WORDS.map((f) => f.de);
    for (const text of distractors) expect(fillers).toContain(text);
    expect(distractors).not.toContain('tea');
  });

  it('returns no duplicate option when two words share a German meaning', () => {
    const words = [
      word('a', 'szia', 'hi', 'Hallo', null),
      word('b', 'helló', 'hello', 'hallo', null),
      word('c', 'ház', 'house', 'Haus', null),
      word('d', 'kert', 'garden', 'Garten', null),
      word('e', 'út', 'road', 'Weg', null),
    ];
    for (let seed = 0; seed < 20; seed++) {
      const cards = buildLessonSession(words, { random: mulberry32(seed), language: 'de' });
      const huDe = byId(cards, 'a:hungarian_to_english');
      expect(new Set(huDe.options.map((o) => optionKey(o.text))).size).toBe(4);
      expect(huDe.options.filter((o) => optionKey(o.text) === 'hallo')).toHaveLength(1);
      // Asked "Hallo", both szia and helló would be right: helló is never offered.
      const deHu = byId(cards, 'a:english_to_hungarian');
      expect(deHu.options.map((o) => o.text)).not.toContain('helló');
    }
    // In English the two differ ("hi", "hello"), so there helló is a fair distractor.
    const szia = words[0] as CardWord;
    const { meaning } = sides(szia, 'english_to_hungarian', 'en');
    expect(distractorsFor(szia, 'english_to_hungarian', meaning, words)).toContain('helló');
  });

  it('returns no option for a word that is the same Hungarian word with another meaning', () => {
    const cards = buildLessonSession(sameWordTwice(), { random: mulberry32(5), language: 'en' });
    for (const c of cards.filter((x) => x.vocabularyId === 'early')) {
      const texts = c.options.map((o) => o.text);
      expect(texts).not.toContain('bye');
      expect(texts.filter((t) => t === 'szia')).toHaveLength(
        c.cardType === 'english_to_hungarian' ? 1 : 0,
      );
    }
  });

  it('returns review distractors of the same difficulty only when three can stand on the card', () => {
    const due = [
      word('a', 'alma', 'apple', 'Apfel', 'manzana', 'easy'),
      word('b', 'körte', 'pear', null, 'pera', 'easy'),
      word('c', 'szilva', 'plum', null, 'ciruela', 'easy'),
      word('d', 'barack', 'peach', 'Pfirsich', 'melocotón', 'easy'),
      word('e', 'kutya', 'dog', 'Hund', 'perro', 'hard'),
      word('f', 'ló', 'horse', 'Pferd', 'caballo', 'hard'),
    ];
    const [german] = buildReviewSession(due, { random: mulberry32(6), language: 'de' });
    // Only Pfirsich is a German same-difficulty distractor: the other due words fill in.
    expect(
      german?.options
        .filter((o) => !o.isCorrect)
        .map((o) => o.text)
        .sort(),
    ).toEqual(['Hund', 'Pferd', 'Pfirsich']);
    const [spanish] = buildReviewSession(due, { random: mulberry32(6), language: 'es' });
    expect(
      spanish?.options
        .filter((o) => !o.isCorrect)
        .map((o) => o.text)
        .sort(),
    ).toEqual(['ciruela', 'melocotón', 'pera']);
  });

  it('returns review fillers in the learner language', () => {
    const due = [word('a', 'alma', 'apple', 'Apfel', 'manzana')];
    const [card] = buildReviewSession(due, { random: mulberry32(7), language: 'es' });
    const fillers = REVIEW_FILLER_WORDS.map((f) => f.es);
    for (const o of card?.options.filter((x) => !x.isCorrect) ?? [])
      expect(fillers).toContain(o.text);
  });

  it('returns four distinct, non-blank options in one language for any translations', () => {
    const text = fc.constantFrom('Hallo', 'hallo ', 'Haus', 'Tag', 'ja', 'morgen', '', ' ', 'día');
    const maybe = fc.option(text, { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'á', 'ház', 'kör', 'kor'), text, maybe, maybe), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.constantFrom(...MEANING_LANGUAGES),
        fc.integer(),
        fc.boolean(),
        (rows, language: MeaningLanguage, seed, review) => {
          const words = rows.map(([hu, en, de, es], i) =>
            word(String(i), `${hu}${i}`, `${en}x${i}`, de, es),
          );
          const random = mulberry32(seed);
          const cards = review
            ? buildReviewSession(words, { random, language })
            : buildLessonSession(words, { random, language });
          for (const card of cards) {
            const keys = card.options.map((o) => optionKey(o.text));
            expect(new Set(keys).size).toBe(4);
            expect(keys).not.toContain('');
            expect(card.options.filter((o) => o.isCorrect)).toHaveLength(1);
            const source = words.find((w) => w.id === card.vocabularyId) as CardWord;
            const inLanguage = (w: CardWord) =>
              ({ en: w.word_en, de: w.word_de, es: w.word_es })[card.meaning.language];
            expect(card.meaning.language === language || card.meaning.fallback).toBe(true);
            if (card.cardType === 'hungarian_to_english') {
              const allowed = new Set(
                [...words, ...LESSON_FALLBACK_WORDS.map((f) => word('f', f.hu, f.en, f.de, f.es))]
                  .map(inLanguage)
                  .filter((t): t is string => typeof t === 'string')
                  .map(optionKey),
              );
              for (const key of keys) expect(allowed.has(key)).toBe(true);
            } else {
              expect(card.question.text).toBe(card.meaning.text);
              for (const option of card.options.filter((o) => !o.isCorrect)) {
                const other = words.find((w) => w.word_hu === option.text);
                const meaning = other ? inLanguage(other) : null;
                if (meaning) expect(optionKey(meaning)).not.toBe(optionKey(card.meaning.text));
              }
            }
            expect(card.meaning.text).toBe(sides(source, card.cardType, language).meaning.text);
          }
        },
      ),
    );
  });
});

function sameWordTwice(): CardWord[] {
  return [
    word('early', 'szia', 'hi', null, null),
    word('later', 'szia', 'bye', null, null),
    word('x', 'alma', 'apple', null, null),
    word('y', 'kutya', 'dog', null, null),
  ];
}
