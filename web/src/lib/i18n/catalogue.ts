import { en, format, type MessageKey, type MessageParams } from '@magyarul/core/messages';
import type { enAdmin } from '../../../../core/src/messages/en-admin.ts';
import { enUi } from './en-ui.ts';

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

export const english: FullCatalogue = { ...en, ...enUi };

export function completeTranslation(translation: Translation): FullCatalogue {
  return { ...english, ...translation };
}

export function translate(catalogue: FullCatalogue, key: TextKey, params?: MessageParams): string {
  return format(catalogue[key], params);
}
