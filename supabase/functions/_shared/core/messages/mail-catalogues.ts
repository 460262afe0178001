// Generated from core/src/messages/mail-catalogues.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { deMail } from './de-mail.ts';
import { enMail } from './en-mail.ts';
import { esMail } from './es-mail.ts';

/** Every text of the auth e-mails, in one language. */
export type MailTexts = { readonly [K in keyof typeof enMail]: string };

/** The languages the auth e-mails are written in: the interface languages. */
export const MAIL_LANGUAGES = ['en', 'de', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const CATALOGUES: Readonly<Record<MailLanguage, MailTexts>> = {
  en: enMail,
  de: deMail,
  es: esMail,
};

/**
 * The auth e-mails' texts in the learner's language (the `language` of their sign-up metadata),
 * English for anything else, as the hosted templates' `{{ else }}` branch.
 */
export function mailTexts(language: unknown): { language: MailLanguage; texts: MailTexts } {
  const known = MAIL_LANGUAGES.find((l) => l === language) ?? 'en';
  return { language: known, texts: CATALOGUES[known] };
}
