import { describe, expect, it } from 'vitest';
import {
  isMeaningLanguage,
  lineTranslationIn,
  meaningIn,
  optionKey,
  pickTranslation,
  resolveMeaningLanguage,
  textIn,
} from './meaning.ts';

describe('meanings in the learner language', () => {
  const holnap = { word_en: 'tomorrow', word_de: 'morgen', word_es: 'mañana' };

  it('returns the meaning in the learner language when it exists', () => {
    expect(meaningIn(holnap, 'de')).toEqual({ text: 'morgen', language: 'de', fallback: false });
    expect(meaningIn(holnap, 'es')).toEqual({ text: 'mañana', language: 'es', fallback: false });
    expect(meaningIn(holnap, 'en')).toEqual({ text: 'tomorrow', language: 'en', fallback: false });
  });

  it('returns English marked as a fallback when the translation is missing or blank', () => {
    for (const word_de of [null, undefined, '', '   ']) {
      expect(meaningIn({ word_en: 'tomorrow', word_de }, 'de')).toEqual({
        text: 'tomorrow',
        language: 'en',
        fallback: true,
      });
    }
  });

  it('returns NFC text without surrounding spaces', () => {
    const nfd = 'mañana'.normalize('NFD');
    expect(nfd).not.toBe('mañana');
    expect(meaningIn({ word_en: 'x', word_es: ` ${nfd} ` }, 'es').text).toBe('mañana');
    expect(textIn({ de: ' Straße ' }, 'de')).toBe('Straße');
  });

  it('returns the stored English text rather than a blank meaning when even English is blank', () => {
    expect(meaningIn({ word_en: ' ', word_de: null }, 'de')).toEqual({
      text: ' ',
      language: 'en',
      fallback: true,
    });
    expect(meaningIn({ word_en: ' ' }, 'en').fallback).toBe(false);
  });

  it('returns a line translation, English as a fallback, or null when a line has none', () => {
    const line = { translation_en: 'Hi!', translation_de: 'Hallo!', translation_es: null };
    expect(lineTranslationIn(line, 'de')).toEqual({
      text: 'Hallo!',
      language: 'de',
      fallback: false,
    });
    expect(lineTranslationIn(line, 'es')).toEqual({ text: 'Hi!', language: 'en', fallback: true });
    expect(lineTranslationIn({ translation_en: null }, 'es')).toBeNull();
    expect(lineTranslationIn({}, 'en')).toBeNull();
    expect(pickTranslation({ es: 'Hola' }, 'de')).toBeNull();
  });

  it('returns the chosen language, else the interface language, else English', () => {
    expect(resolveMeaningLanguage('es', 'de')).toBe('es');
    expect(resolveMeaningLanguage(null, 'de')).toBe('de');
    expect(resolveMeaningLanguage(undefined, 'es')).toBe('es');
    expect(resolveMeaningLanguage('fr', 'es')).toBe('es');
    expect(resolveMeaningLanguage(null, 'hu')).toBe('en');
    expect(isMeaningLanguage('de')).toBe(true);
    expect(isMeaningLanguage('DE')).toBe(false);
    expect(isMeaningLanguage(3)).toBe(false);
  });

  it('returns one option key for texts a learner would read as the same, accents kept', () => {
    expect(optionKey(' Guten  Tag ')).toBe(optionKey('guten tag'));
    expect(optionKey('kör'.normalize('NFD'))).toBe(optionKey('kör'));
    expect(new Set(['kor', 'kór', 'kör'].map(optionKey)).size).toBe(3);
  });
});
