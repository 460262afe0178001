export {
  en,
  message,
  t,
  type Catalogue,
  type CodedMessage,
  type Message,
  type MessageKey,
  type Rendered,
} from './catalogue.ts';
export { enMail } from './en-mail.ts';
export { deMail } from './de-mail.ts';
export { esMail } from './es-mail.ts';
export { MAIL_LANGUAGES, mailTexts, type MailLanguage, type MailTexts } from './mail-catalogues.ts';
export { enStudio } from './en-studio.ts';
export { format, placeholdersOf, type MessageParams } from './format.ts';
export { pluralCategory, type PluralOptions } from './plural.ts';
export { reminderMail, type ReminderMail } from './reminder-mail.ts';
