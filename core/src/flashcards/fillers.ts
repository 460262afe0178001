/** A pair of common words used when a session has too few real distractors. */
export type FillerWord = { readonly hu: string; readonly en: string };

/** The five filler words of the review page (learner spec §9). */
export const REVIEW_FILLER_WORDS: readonly FillerWord[] = [
  { hu: 'ház', en: 'house' },
  { hu: 'víz', en: 'water' },
  { hu: 'idő', en: 'time' },
  { hu: 'ember', en: 'person' },
  { hu: 'világ', en: 'world' },
];

/**
 * Common fallback words for lesson sessions. More than three beyond the review fillers, so three
 * distinct distractors remain even when a lesson's own words coincide with some of them.
 */
export const LESSON_FALLBACK_WORDS: readonly FillerWord[] = [
  ...REVIEW_FILLER_WORDS,
  { hu: 'igen', en: 'yes' },
  { hu: 'nem', en: 'no' },
  { hu: 'nap', en: 'day' },
  { hu: 'könyv', en: 'book' },
  { hu: 'kenyér', en: 'bread' },
];
