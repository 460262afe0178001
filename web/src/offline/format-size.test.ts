import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.ts';

describe('formatSize', () => {
  it('writes kilobytes below a megabyte and megabytes with one decimal above', () => {
    expect(formatSize(840_000, 'en')).toBe('840 kB');
    expect(formatSize(3_412_000, 'en')).toBe('3.4 MB');
    expect(formatSize(3_412_000, 'de')).toBe('3,4 MB');
    expect(formatSize(3_412_000, 'es')).toBe('3,4 MB');
  });

  it('returns what Intl.NumberFormat writes for the same size', () => {
    const sizes = [1, 999, 1000, 1499, 1500, 840_000, 999_499, 999_999, 1_000_000, 1_049_999];
    for (let i = 1; i <= 300; i++) sizes.push((i * 7_654_321) % 10 ** (3 + (i % 8)));
    for (const language of ['en', 'de', 'es'] as const) {
      const locale = { en: 'en-GB', de: 'de-DE', es: 'es-ES' }[language];
      for (const bytes of sizes) {
        const megabytes = bytes >= 1_000_000;
        const intl = new Intl.NumberFormat(locale, {
          style: 'unit',
          unit: megabytes ? 'megabyte' : 'kilobyte',
          unitDisplay: 'short',
          maximumFractionDigits: megabytes ? 1 : 0,
        }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
        expect(formatSize(bytes, language)).toBe(intl);
      }
    }
  });

  it('never says 0 kB for something stored', () => {
    expect(formatSize(12, 'en')).toBe('1 kB');
  });
});
