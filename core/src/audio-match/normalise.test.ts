import { describe, expect, it } from 'vitest';
import { baseName, matchKey } from './normalise.ts';

describe('audio file name normalisation', () => {
  it.each([
    ['alma.mp3', 'alma'],
    ['folder/sub/kör.wav', 'kör'],
    ['C:\\audio\\kór.MP3', 'kór'],
    ['jó reggelt.mp3', 'jó reggelt'],
    ['no-extension', 'no-extension'],
    ['.mp3', '.mp3'],
    ['archive.tar.mp3', 'archive.tar'],
  ])('returns the base name of %s', (name, expected) => {
    expect(baseName(name)).toBe(expected);
  });

  it('returns NFC text for an NFD file name', () => {
    const nfd = 'kőszívű.mp3'.normalize('NFD');
    expect(nfd).not.toBe('kőszívű.mp3');
    expect(baseName(nfd)).toBe('kőszívű');
  });

  it.each([
    ['Jó Reggelt', 'exact', 'Jó Reggelt'],
    ['Jó Reggelt', 'case-insensitive', 'jó reggelt'],
    ['Jó  Reggelt', 'hyphenated', 'jó-reggelt'],
    ['Jó, reggelt! 2', 'letters-only', 'jóreggelt'],
    ['ŐSZ', 'case-insensitive', 'ősz'],
    ['Űr_hajó-1', 'letters-only', 'űrhajó'],
    ['123', 'letters-only', ''],
  ] as const)('returns the %s key at level %s', (text, level, expected) => {
    expect(matchKey(text, level)).toBe(expected);
  });

  it('returns distinct letters-only keys for kor, kór and kör', () => {
    const keys = ['kor', 'kór', 'kör'].map((w) => matchKey(w, 'letters-only'));
    expect(new Set(keys).size).toBe(3);
  });

  it('returns the same key for NFC and NFD input at every level', () => {
    const word = 'Győri Ödön';
    for (const level of ['exact', 'case-insensitive', 'hyphenated', 'letters-only'] as const) {
      expect(matchKey(word.normalize('NFD'), level)).toBe(matchKey(word, level));
    }
  });
});
