import type { enTokenEditUi } from './token-edit-en.ts';

// Spanish texts of the word editor (token-edit-en.ts).
export const esTokenEditUi: { readonly [K in keyof typeof enTokenEditUi]: string } = {
  'tokenEdit.words':
    '{count, plural, one {Palabras: # palabra, {unconfirmed} por confirmar} other {Palabras: # palabras, {unconfirmed} por confirmar}}',
  'tokenEdit.listLabel': 'Palabras de la línea {n}',
  'tokenEdit.wordLabel': 'Palabra {position}: {word}',
  'tokenEdit.lemma': 'Forma de diccionario de «{word}»',
  'tokenEdit.notes': 'Notas gramaticales de «{word}»',
  'tokenEdit.addNote': 'Añadir una nota gramatical a «{word}»',
  'tokenEdit.addNoteChoose': 'Añadir una nota…',
  'tokenEdit.removeNote': 'Quitar la nota «{note}»',
  'tokenEdit.noNotes': 'Sin notas gramaticales',
  'tokenEdit.lessonWord': 'Palabra de la lección de «{word}»',
  'tokenEdit.noLessonWord': 'Ninguna',
  'tokenEdit.glossary': 'Glosario: {lemma}',
  'tokenEdit.meaning': 'Significado de «{word}» ({language})',
  'tokenEdit.from.own': 'propio',
  'tokenEdit.from.vocabulary': 'de la palabra de la lección',
  'tokenEdit.from.glossary': 'del glosario',
  'tokenEdit.from.none': 'ninguno',
  'tokenEdit.isName': '«{word}» es un nombre',
  'tokenEdit.confirmed': '«{word}» confirmada',
  'tokenEdit.confirmAll': 'Confirmar todas las palabras de la línea {n}',
  'tokenEdit.short.lessonWord': 'Palabra de la lección',
  'tokenEdit.short.name': 'Nombre',
  'tokenEdit.short.confirmed': 'Confirmada',
  'tokenEdit.staleText': 'Al guardar se proponen de nuevo las palabras para el texto nuevo.',
  'tokenEdit.lemmaRequired': 'Escribe la forma de diccionario.',
  'tokenEdit.tooLong':
    '{max, plural, one {Como máximo # carácter.} other {Como máximo # caracteres.}}',
  'tokenEdit.tooManyNotes':
    '{max, plural, one {Como máximo # nota gramatical.} other {Como máximo # notas gramaticales.}}',
  'tokenEdit.notSaved':
    'No se guardó: hay que corregir una palabra de la transcripción (ver las palabras de su línea).',
};
