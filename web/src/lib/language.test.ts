import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('returns the saved language when it is supported', () => {
    expect(pickLanguage('es', ['de-DE'])).toBe('es');
  });

  it('returns the first supported browser language by primary subtag', () => {
    expect(pickLanguage(null, ['fr-FR', 'de-AT', 'es'])).toBe('de');
  });

  it('ignores an unsupported saved value', () => {
    expect(pickLanguage('hu', ['ES-mx'])).toBe('es');
  });

  it('returns English when nothing matches', () => {
    expect(pickLanguage(null, ['fr', 'hu-HU'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});
