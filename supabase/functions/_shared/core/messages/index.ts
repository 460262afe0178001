// Generated from core/src/messages/index.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
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
export { enStudio } from './en-studio.ts';
export { format, placeholdersOf, type MessageParams } from './format.ts';
