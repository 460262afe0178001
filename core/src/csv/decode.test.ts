import { describe, expect, it } from 'vitest';
import { decodeCsvText } from './decode.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('CSV text decoding', () => {
  it('returns a string input with its BOM removed', () => {
    expect(decodeCsvText('\uFEFFő')).toEqual({ text: 'ő', encoding: 'utf-8', hadBom: true });
    expect(decodeCsvText('ő')).toEqual({ text: 'ő', encoding: 'utf-8', hadBom: false });
  });

  it('returns UTF-8 with and without BOM', () => {
    expect(decodeCsvText(bytes(0xef, 0xbb, 0xbf, 0xc5, 0x91))).toEqual({
      text: 'ő',
      encoding: 'utf-8',
      hadBom: true,
    });
    expect(decodeCsvText(bytes(0xc5, 0x91)).text).toBe('ő');
  });

  it('returns UTF-16 by BOM in both byte orders', () => {
    expect(decodeCsvText(bytes(0xff, 0xfe, 0x51, 0x01)).text).toBe('ő');
    expect(decodeCsvText(bytes(0xfe, 0xff, 0x01, 0x51))).toEqual({
      text: 'ő',
      encoding: 'utf-16be',
      hadBom: true,
    });
  });

  it('returns big-endian UTF-16 without BOM by its zero bytes', () => {
    const text = 'speaker,text';
    const be = [...text].flatMap((c) => [0, c.charCodeAt(0)]);
    expect(decodeCsvText(Uint8Array.from(be))).toEqual({
      text,
      encoding: 'utf-16be',
      hadBom: false,
    });
  });

  it('returns U+FFFD where bytes are not UTF-8', () => {
    expect(decodeCsvText(bytes(0x66, 0xf5, 0x7a)).text).toBe('f\uFFFDz');
    expect(decodeCsvText(bytes()).text).toBe('');
  });
});
