import { describe, expect, it } from 'vitest';
import { numberValue } from './content/numbers.ts';

describe('numberValue', () => {
  it('reads Hungarian numerals the seed dialogues use', () => {
    expect(numberValue('tizenöt')).toBe(15);
    expect(numberValue('kétezer')).toBe(2000);
    expect(numberValue('négyszázhuszonhárom')).toBe(423);
    expect(numberValue('ezernyolcszáz')).toBe(1800);
    expect(numberValue('huszonötezer')).toBe(25000);
    expect(numberValue('háromezer-ötszáz')).toBe(3500);
    expect(numberValue('hatvanhat')).toBe(66);
  });

  it('refuses words that are not numerals', () => {
    expect(numberValue('hatvan')).toBe(60);
    expect(numberValue('hatos')).toBeNull();
    expect(numberValue('kávé')).toBeNull();
    expect(numberValue('')).toBeNull();
  });
});
