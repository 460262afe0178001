import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeFileName, storagePath } from './storage-path.ts';

// Any UTF-16 code unit, lone surrogates included (fast-check's 'binary' unit is slow to start).
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

describe('storage paths', { timeout: 30_000 }, () => {
  it.each([
    ['kör.mp3', 'kor.mp3'],
    ['Őszibarack Szó.MP3', 'Oszibarack-Szo.mp3'],
    ['gyu\u030B\u0301ru\u030B.wav'.normalize('NFC'), 'gyuru.wav'],
    ['o\u030Bsz.mp3', 'osz.mp3'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\anna\\hang fájl (1).wav', 'hang-fajl-1.wav'],
    ['.hidden', 'hidden'],
    ['日本語.mp3', 'file.mp3'],
    ['', 'file'],
    ['a'.repeat(200) + '.csv', `${'a'.repeat(80)}.csv`],
  ])('returns %j sanitised as %j', (name, expected) => {
    expect(sanitizeFileName(name)).toBe(expected);
  });

  it('returns owner/timestamp-name', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(storagePath('3f2c-uuid', 'Köszönöm.mp3', now)).toBe(
      '3f2c-uuid/1795262400000-Koszonom.mp3',
    );
    expect(storagePath('../x', 'a.mp3', now)).toBe('-x/1795262400000-a.mp3');
    expect(storagePath('', 'a.mp3', now)).toBe('unknown/1795262400000-a.mp3');
  });

  it('returns an ASCII key without separators for any name', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit, maxLength: 120 }), (name) => {
        const safe = sanitizeFileName(name);
        expect(safe).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
        expect(safe.length).toBeLessThanOrEqual(80 + 1 + 10);
      }),
    );
  });
});
