import { en, format, type MessageKey, type MessageParams } from '@magyarul/core/messages';
import type { enAdmin } from '../../../../core/src/messages/en-admin.ts';
import type { Language } from '../language.ts';
import { enUi } from './en-ui.ts';
import { formatNumber } from './format.ts';

export type UiKey = keyof typeof enUi;
export type TextKey = MessageKey | UiKey;

/** A complete interface catalogue: every key has a text. */
export type FullCatalogue = { readonly [K in TextKey]: string };

type AdminKey = keyof typeof enAdmin;

/**
 * A translation: every learner and web-interface text is required (a missing key is a compile
 * error); admin texts are translated where present and fall back to English, so a new admin
 * message does not stop the learner app from building before it is translated.
 */
export type Translation = { readonly [K in Exclude<TextKey, AdminKey>]: string } & {
  readonly [K in AdminKey]?: string;
};

/** Each catalogue's language, for its plural rules and number format. */
const languages = new WeakMap<FullCatalogue, Language>();

export const english: FullCatalogue = { ...en, ...enUi };
languages.set(english, 'en');

export function completeTranslation(translation: Translation, language: Language): FullCatalogue {
  const catalogue = { ...english, ...translation };
  languages.set(catalogue, language);
  return catalogue;
}

/**
 * The text of `key` with its placeholders filled; a counted part (`{n, plural, one {…} other
 * {…}}`) takes the form the catalogue's language needs for the count (Intl.PluralRules), its
 * number written as the language writes numbers. Pass counts as numbers.
 */
export function translate(catalogue: FullCatalogue, key: TextKey, params?: MessageParams): string {
  const language = languages.get(catalogue) ?? 'en';
  return format(catalogue[key], params, {
    locale: language,
    formatNumber: (n) => formatNumber(n, language),
  });
}
