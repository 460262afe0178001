import type { CardWord } from './card.ts';

/** A common word used when a session has too few real distractors, with its meanings. */
export type FillerWord = {
  readonly hu: string;
  readonly en: string;
  readonly de: string;
  readonly es: string;
};

/** The five filler words of the review page (learner spec §9), in every meaning language. */
export const REVIEW_FILLER_WORDS: readonly FillerWord[] = [
  { hu: 'ház', en: 'house', de: 'Haus', es: 'casa' },
  { hu: 'víz', en: 'water', de: 'Wasser', es: 'agua' },
  { hu: 'idő', en: 'time', de: 'Zeit', es: 'tiempo' },
  { hu: 'ember', en: 'person', de: 'Mensch', es: 'persona' },
  { hu: 'világ', en: 'world', de: 'Welt', es: 'mundo' },
];

/**
 * Common fallback words for lesson sessions. More than three beyond the review fillers, so three
 * distinct distractors remain even when a lesson's own words coincide with some of them.
 */
export const LESSON_FALLBACK_WORDS: readonly FillerWord[] = [
  ...REVIEW_FILLER_WORDS,
  { hu: 'igen', en: 'yes', de: 'ja', es: 'sí' },
  { hu: 'nem', en: 'no', de: 'nein', es: 'no' },
  { hu: 'nap', en: 'day', de: 'Tag', es: 'día' },
  { hu: 'könyv', en: 'book', de: 'Buch', es: 'libro' },
  { hu: 'kenyér', en: 'bread', de: 'Brot', es: 'pan' },
];

/** A filler as a card word, so distractor selection treats it like any other word. */
export function fillerCardWord(filler: FillerWord): CardWord {
  return {
    id: `filler:${filler.hu}`,
    word_hu: filler.hu,
    word_en: filler.en,
    word_de: filler.de,
    word_es: filler.es,
  };
}
