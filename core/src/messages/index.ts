export { en, t, type Catalogue, type CodedMessage, type MessageKey } from './catalogue.ts';
export { format, placeholdersOf, type MessageParams } from './format.ts';
