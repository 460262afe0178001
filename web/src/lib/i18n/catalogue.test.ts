import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '@magyarul/core/messages';
import { english, translate, type TextKey } from './catalogue.ts';
import { de } from './de.ts';
import { es } from './es.ts';

describe('interface catalogues', () => {
  const keys = Object.keys(english) as TextKey[];

  it('returns a text for every key in German and Spanish', () => {
    for (const catalogue of [de, es]) {
      for (const key of keys) expect(catalogue[key], key).toMatch(/\S/);
    }
  });

  it('returns translations with the same placeholders as English', () => {
    for (const catalogue of [de, es]) {
      for (const key of keys) {
        expect(placeholdersOf(catalogue[key]).sort(), key).toEqual(
          placeholdersOf(english[key]).sort(),
        );
      }
    }
  });

  it('returns translated learner texts, not English copies', () => {
    expect(translate(de, 'auth.tab.signUp')).toBe('Registrieren');
    expect(translate(es, 'review.sessionComplete', { n: 85 })).toBe(
      '¡Sesión completada! Precisión: 85 %',
    );
    const same = keys.filter((k) => de[k] === english[k] && /[a-z]{4}/.test(english[k]));
    expect(same.length).toBeLessThan(keys.length / 10);
  });
});
