import { join } from 'node:path';

/** core's Hungarian dictionary with morphological fields, as the tests and the harness read it. */
export const ANALYSER_DICTIONARY = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'core',
  'dictionaries',
  'hu_HU',
);
