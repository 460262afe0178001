import type { enPractice } from '../../../../core/src/messages/en-practice.ts';

// Spanish texts of the practice exercises (core/src/messages/en-practice.ts).
export const esPractice: { readonly [K in keyof typeof enPractice]: string } = {
  'answers.right': '¡Correcto!',
  'answers.nearMiss': '¡Casi! La respuesta es {answer}',
  'answers.wrong': 'La respuesta es {answer}',
  'answers.difference.missingAccent': 'Falta el acento: {expected}, no {typed}',
  'answers.difference.longVowel': 'Vocal larga: {expected}, no {typed}',
  'answers.difference.shortVowel': 'Vocal corta: {expected}, no {typed}',
  'answers.difference.vowelFamily': 'Otra vocal: {expected}, no {typed}',
  'answers.difference.doubleConsonant': 'Consonante doble: {expected}, no {typed}',
  'answers.difference.singleConsonant': 'Consonante simple: {expected}, no {typed}',
  'answers.difference.wrongLetter': '{expected}, no {typed}',
  'answers.difference.swapped': 'Letras invertidas: {expected}, no {typed}',
  'answers.difference.missingLetters': 'Falta: {expected}',
  'answers.difference.extraLetters': 'Sobra: {typed}',
  'answers.word.missing': 'Falta la palabra: {expected}',
  'answers.word.extra': 'Palabra de más: {typed}',
};
