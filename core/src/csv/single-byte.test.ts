import { describe, expect, it } from 'vitest';
import { decodeSingleByte, looksLikeLessonText } from './single-byte.ts';

const allHighBytes = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);

describe('single-byte code pages', () => {
  it.each(['windows-1250', 'windows-1252'] as const)(
    'returns what the WHATWG %s decoder returns for every byte',
    (encoding) => {
      const expected = new TextDecoder(encoding).decode(allHighBytes);
      expect(decodeSingleByte(allHighBytes, encoding)).toBe(expected);
    },
  );

  it('returns ASCII unchanged and ő/ű from their Windows-1250 bytes', () => {
    expect(decodeSingleByte(Uint8Array.of(0x67, 0x79, 0xfb, 0x72, 0xfb), 'windows-1250')).toBe(
      'gyűrű',
    );
    expect(decodeSingleByte(Uint8Array.of(0xd5, 0x73, 0x7a), 'windows-1250')).toBe('Ősz');
    expect(decodeSingleByte(Uint8Array.of(0x61, 0xf1, 0x6f), 'windows-1252')).toBe('año');
  });

  it('returns long input whole (decoded in chunks)', () => {
    const bytes = new Uint8Array(50_000).fill(0xf5);
    expect(decodeSingleByte(bytes, 'windows-1250')).toBe('ő'.repeat(50_000));
  });

  it('returns true only for letters and signs of Hungarian, German and Spanish lessons', () => {
    expect(looksLikeLessonText('Őszibarack, gyűrű – „Grüße“, ¡mañana! ¿Qué? 5 °C, 3 × 2 €')).toBe(
      true,
    );
    for (const foreign of ['õ', 'û', 'ń', 'ż', 'Ã', 'Å', '\u0081', '\uFFFD', 'ł']) {
      expect(looksLikeLessonText(`ab${foreign}c`), foreign).toBe(false);
    }
  });
});
