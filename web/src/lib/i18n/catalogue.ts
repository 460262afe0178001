import { en, format, type MessageKey, type MessageParams } from '@magyarul/core/messages';
import { enUi } from './en-ui.ts';

export type UiKey = keyof typeof enUi;
export type TextKey = MessageKey | UiKey;

/** A complete interface catalogue; German and Spanish are typed with it so no key is missing. */
export type FullCatalogue = { readonly [K in TextKey]: string };

export const english: FullCatalogue = { ...en, ...enUi };

export function translate(catalogue: FullCatalogue, key: TextKey, params?: MessageParams): string {
  return format(catalogue[key], params);
}
