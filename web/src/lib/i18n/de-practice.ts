import type { enPractice } from '../../../../core/src/messages/en-practice.ts';

// German texts of the practice exercises (core/src/messages/en-practice.ts).
export const dePractice: { readonly [K in keyof typeof enPractice]: string } = {
  'answers.right': 'Richtig!',
  'answers.nearMiss': 'Fast! Die Antwort ist {answer}',
  'answers.wrong': 'Die Antwort ist {answer}',
  'answers.difference.missingAccent': 'Akzent fehlt: {expected} statt {typed}',
  'answers.difference.longVowel': 'Langer Vokal: {expected} statt {typed}',
  'answers.difference.shortVowel': 'Kurzer Vokal: {expected} statt {typed}',
  'answers.difference.vowelFamily': 'Anderer Vokal: {expected} statt {typed}',
  'answers.difference.doubleConsonant': 'Doppelkonsonant: {expected} statt {typed}',
  'answers.difference.singleConsonant': 'Einfacher Konsonant: {expected} statt {typed}',
  'answers.difference.wrongLetter': '{expected} statt {typed}',
  'answers.difference.swapped': 'Buchstaben vertauscht: {expected} statt {typed}',
  'answers.difference.missingLetters': 'Fehlt: {expected}',
  'answers.difference.extraLetters': 'Zu viel: {typed}',
  'answers.word.missing': 'Fehlendes Wort: {expected}',
  'answers.word.extra': 'Zusätzliches Wort: {typed}',
};
