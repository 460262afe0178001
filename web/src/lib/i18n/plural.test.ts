import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '@magyarul/core/messages';
import { english, translate, type FullCatalogue, type TextKey } from './catalogue.ts';
import { de } from './de.ts';
import { es } from './es.ts';

const catalogues: readonly [string, FullCatalogue][] = [
  ['en', english],
  ['de', de],
  ['es', es],
];

// Plural nouns that must not follow a "1" (issue 29: "1 Tage in Folge", "Racha de 1 días").
const PLURALS =
  /\b1 (days|lessons|words|characters|lines|seconds|minutes|hours|files|learners|flashcards|answers|errors|warnings|Tage|Lektionen|Wörtern|Zeilen|Transkriptzeilen|Sekunden|Minuten|Stunden|Dateien|Karteikarten|Antworten|Vokabeln|días|lecciones|palabras|caracteres|líneas|segundos|minutos|horas|archivos|estudiantes|tarjetas|respuestas)(?=[\s.,;:!?)]|$)/;

describe('counted texts in the interface catalogues', () => {
  it('returns the singular for one in every language: no "1 Tage", no "1 días"', () => {
    const wrong: string[] = [];
    for (const [language, catalogue] of catalogues) {
      for (const key of Object.keys(english) as TextKey[]) {
        const names = placeholdersOf(english[key]);
        if (names.length === 0) continue;
        const text = translate(catalogue, key, Object.fromEntries(names.map((n) => [n, 1])));
        if (PLURALS.test(text)) wrong.push(`${language} ${key}: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('returns the streak and the tourist pack in each language’s own forms and numbers', () => {
    expect(translate(de, 'dashboard.streak', { n: 1 })).toBe('1 Tag in Folge');
    expect(translate(de, 'dashboard.streak', { n: 2000 })).toBe('2.000 Tage in Folge');
    expect(translate(es, 'dashboard.streak', { n: 1 })).toBe('Racha de 1 día');
    expect(translate(es, 'dashboard.streak', { n: 3 })).toBe('Racha de 3 días');
    expect(translate(english, 'dashboard.streak', { n: 1 })).toBe('1 day streak');
    expect(translate(english, 'dashboard.touristPack', { reviewed: '1', total: 1 })).toBe(
      '1 of 1 word',
    );
    expect(translate(de, 'dashboard.touristPack', { reviewed: '3', total: 150 })).toBe(
      '3 von 150 Wörtern',
    );
    expect(translate(es, 'flashcards.needToPass', { n: 16 })).toBe(
      'Necesitas 16 respuestas correctas para aprobar.',
    );
  });
});
