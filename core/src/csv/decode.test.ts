import { describe, expect, it } from 'vitest';
import { decodeCsvText, decodeTextStrict } from './decode.ts';

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

  it('returns strict UTF-8 and UTF-16 text, BOM or not', () => {
    expect(decodeTextStrict(bytes(0xef, 0xbb, 0xbf, 0xc5, 0x91))).toEqual({
      ok: true,
      text: 'ő',
      encoding: 'utf-8',
    });
    expect(decodeTextStrict(bytes(0xff, 0xfe, 0x51, 0x01))).toEqual({
      ok: true,
      text: 'ő',
      encoding: 'utf-16le',
    });
    expect(decodeTextStrict('\uFEFFanna,Szia')).toEqual({
      ok: true,
      text: 'anna,Szia',
      encoding: 'utf-8',
    });
  });

  it('returns Windows-1250 for non-UTF-8 bytes with ő and ű', () => {
    expect(decodeTextStrict(bytes(0x66, 0xf5, 0x7a, 0xfb))).toEqual({
      ok: true,
      text: 'főzű',
      encoding: 'windows-1250',
    });
  });

  it('returns Windows-1252 when only it reads the letters (ñ, ¿)', () => {
    expect(decodeTextStrict(bytes(0xbf, 0x61, 0xf1, 0x6f))).toEqual({
      ok: true,
      text: '¿año',
      encoding: 'windows-1252',
    });
  });

  it('returns a refusal when no code page reads every letter', () => {
    // ő in Windows-1250 is õ in Windows-1252; ñ in Windows-1252 is ń in Windows-1250.
    expect(decodeTextStrict(bytes(0xf5, 0x2c, 0xf1))).toEqual({ ok: false });
    // UTF-8 with a broken sequence reads as mojibake in both code pages.
    expect(decodeTextStrict(bytes(0xc5, 0x91, 0xc5, 0x2c))).toEqual({ ok: false });
  });

  it('returns a refusal for UTF-16 that does not decode (odd length, lone surrogate)', () => {
    expect(decodeTextStrict(bytes(0xff, 0xfe, 0x51, 0x01, 0x41))).toEqual({ ok: false });
    expect(decodeTextStrict(bytes(0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00))).toEqual({ ok: false });
  });
});
