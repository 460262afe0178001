// Every export of each module, except where a module keeps helpers of its own (meaning.ts).
export * from './random.ts';
export * from './difficulty.ts';
export * from './card.ts';
export * from './fillers.ts';
export * from './options.ts';
export * from './lesson-session.ts';
export * from './review-session.ts';
export * from './session-result.ts';
export * from './missed-words.ts';
export * from './session-machine.ts';
export {
  FALLBACK_MEANING_LANGUAGE,
  MEANING_LANGUAGES,
  isMeaningLanguage,
  lineTranslationIn,
  meaningIn,
  optionKey,
  pickTranslation,
  resolveMeaningLanguage,
  textIn,
} from './meaning.ts';
export type {
  LineTranslations,
  Meaning,
  MeaningLanguage,
  Translations,
  WordMeanings,
} from './meaning.ts';
