import { tokenize } from '@magyarul/core/tokens';
import type { TranscriptLine } from '../components/transcript.tsx';
import type { WordToken } from '../tokens/word-token.ts';

// The demo lesson's words (tap-a-word on the landing page's demo): authored content like
// demo-content.ts, each form of its lines with its dictionary form, the notes on its endings and
// its meanings, or the demo word it is (its meanings then come from the word). The demo's audio
// is a tone per line, not speech, so its words have no times: only its lines are highlighted.

type Entry = {
  readonly lemma: string;
  readonly notes?: readonly string[];
  readonly word?: string;
  readonly name?: boolean;
  readonly en?: string;
  readonly de?: string;
  readonly es?: string;
};

const ENTRIES: Readonly<Record<string, Entry>> = {
  anna: { lemma: 'Anna', name: true },
  bence: { lemma: 'Bence', name: true },
  és: { lemma: 'és', en: 'and', de: 'und', es: 'y' },
  egy: { lemma: 'egy', en: 'a, one', de: 'ein, eins', es: 'un, uno' },
  kávézóban: { lemma: 'kávézó', notes: ['inessive'], en: 'café', de: 'Café', es: 'cafetería' },
  találkoznak: {
    lemma: 'találkozik',
    notes: ['third_person_plural'],
    en: 'to meet',
    de: 'sich treffen',
    es: 'encontrarse',
  },
  szia: { lemma: 'szia', word: 'demo-1' },
  hogy: { lemma: 'hogy', en: 'how', de: 'wie', es: 'cómo' },
  vagy: {
    lemma: 'van',
    notes: ['second_person_singular'],
    en: 'to be',
    de: 'sein',
    es: 'estar, ser',
  },
  jól: { lemma: 'jól', notes: ['adverb'], en: 'well', de: 'gut', es: 'bien' },
  vagyok: {
    lemma: 'van',
    notes: ['first_person_singular'],
    en: 'to be',
    de: 'sein',
    es: 'estar, ser',
  },
  köszönöm: { lemma: 'köszönöm', word: 'demo-2' },
  te: { lemma: 'te', en: 'you', de: 'du', es: 'tú' },
  én: { lemma: 'én', en: 'I', de: 'ich', es: 'yo' },
  is: { lemma: 'is', en: 'too, also', de: 'auch', es: 'también' },
  kérsz: {
    lemma: 'kér',
    notes: ['second_person_singular'],
    en: 'to ask for, to want',
    de: 'bitten, möchten',
    es: 'pedir, querer',
  },
  kávét: { lemma: 'kávé', notes: ['accusative'], word: 'demo-3' },
  igen: { lemma: 'igen', en: 'yes', de: 'ja', es: 'sí' },
  kérek: {
    lemma: 'kér',
    notes: ['first_person_singular'],
    en: 'to ask for, to want',
    de: 'bitten, möchten',
    es: 'pedir, querer',
  },
};

/** The demo's lines, each with its words as tokens (ids made from the line and position). */
export function withDemoTokens(lines: readonly TranscriptLine[]): TranscriptLine[] {
  return lines.map((line) => {
    const lineId = `demo-line-${line.line_number}`;
    const tokens: WordToken[] = tokenize(line.text_content).map((word) => {
      const entry = ENTRIES[word.text.toLocaleLowerCase('hu')] ?? { lemma: word.text };
      return {
        id: `${lineId}-${word.position}`,
        line_id: lineId,
        position: word.position,
        char_start: word.start,
        char_end: word.end,
        text: word.text,
        lemma: entry.lemma,
        grammar_notes: entry.notes ?? [],
        vocabulary_id: entry.word ?? null,
        glossary_id: null,
        meaning_en: entry.en ?? null,
        meaning_de: entry.de ?? null,
        meaning_es: entry.es ?? null,
        is_name: entry.name ?? false,
        lesson_note_id: null,
        start_time: null,
        end_time: null,
        slow_start_time: null,
        slow_end_time: null,
        natural_start_time: null,
        natural_end_time: null,
        glossary: null,
      };
    });
    return { ...line, id: lineId, tokens };
  });
}
