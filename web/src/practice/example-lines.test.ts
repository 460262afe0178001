import { describe, expect, it } from 'vitest';
import { exampleLinesOf, exampleTranslation } from './example-lines.ts';

const line = (text: string, en: string | null, de: string | null, es: string | null) => ({
  text_content: text,
  translation_en: en,
  translation_de: de,
  translation_es: es,
});

describe('a kept word’s example sentence', () => {
  it('keys the line by the lesson word or the glossary entry, in NFC, and skips rows without one', () => {
    const lines = exampleLinesOf([
      {
        vocabulary_id: 'v1',
        glossary_id: null,
        lesson_transcript: line('Kérek egy kávét.', 'A coffee, please.', null, null),
      },
      {
        vocabulary_id: null,
        glossary_id: 'g1',
        lesson_transcript: line(
          'Ka\u0301ve\u0301zo\u0301ban vagyunk.',
          'We are in a café.',
          'Wir sind im Café.',
          'Estamos en un café.',
        ),
      },
      { vocabulary_id: 'v2', glossary_id: null, lesson_transcript: null },
    ]);
    expect([...lines.keys()]).toEqual(['v1', 'g1']);
    expect(lines.get('g1')?.text).toBe('Kávézóban vagyunk.');
  });

  it('translates into the learner’s language, else English, else nothing', () => {
    const [only] = exampleLinesOf([
      {
        vocabulary_id: 'v1',
        glossary_id: null,
        lesson_transcript: line('Szia!', 'Hi!', 'Hallo!', null),
      },
    ]).values();
    if (!only) throw new Error('no line');
    expect(exampleTranslation(only, 'de')).toEqual({ text: 'Hallo!', language: 'de' });
    expect(exampleTranslation(only, 'es')).toEqual({ text: 'Hi!', language: 'en' });
    expect(exampleTranslation({ ...only, translation_en: null }, 'es')).toBeNull();
  });
});
