// English texts of the practice exercises (issue 30; the spec has none, so all are "product"):
// what a typed answer's check says, one text per kind of difference.
import type { DifferenceKey } from '../answers/compare.ts';

export const enPractice = {
  'answers.right': 'Right!',
  'answers.nearMiss': 'Almost! The answer is {answer}',
  'answers.wrong': 'The answer is {answer}',
  'answers.difference.missingAccent': 'Accent missing: {expected}, not {typed}',
  'answers.difference.longVowel': 'Long vowel: {expected}, not {typed}',
  'answers.difference.shortVowel': 'Short vowel: {expected}, not {typed}',
  'answers.difference.vowelFamily': 'Another vowel: {expected}, not {typed}',
  'answers.difference.doubleConsonant': 'Double consonant: {expected}, not {typed}',
  'answers.difference.singleConsonant': 'Single consonant: {expected}, not {typed}',
  'answers.difference.wrongLetter': '{expected}, not {typed}',
  'answers.difference.swapped': 'Letters swapped: {expected}, not {typed}',
  'answers.difference.missingLetters': 'Missing: {expected}',
  'answers.difference.extraLetters': 'Not in the word: {typed}',
  'answers.word.missing': 'Missing word: {expected}',
  'answers.word.extra': 'Extra word: {typed}',
} as const satisfies Record<DifferenceKey, string> & Record<string, string>;
