import { english, type FullCatalogue } from './catalogue.ts';

// TODO translate
export const es: FullCatalogue = { ...english };
