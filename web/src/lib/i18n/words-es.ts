import type { enWordsUi } from './words-en.ts';

// Spanish texts of tap-a-word (words-en.ts).
export const esWordsUi: { readonly [K in keyof typeof enWordsUi]: string } = {
  'transcript.playLine': '{speaker} (ir a la línea {n})',
  'word.open': '{word}: ver el significado',
  'word.known': 'en tu repaso',
  'word.dictionaryForm': 'Forma de diccionario',
  'word.grammar': 'Gramática',
  'word.meaning': 'Significado',
  'word.noMeaning': 'Un nombre: no se traduce.',
  'word.play': 'Reproducir la palabra',
  'word.addToReview': 'Añadir al repaso',
  'word.adding': 'Añadiendo…',
  'word.inReview': 'En tu repaso',
  'word.added': '«{word}» ya está en tu repaso.',
  'word.addFailed': 'No se pudo añadir la palabra. Inténtalo de nuevo.',
  'word.signInToKeep': 'Regístrate para repasar palabras',
  'word.cannotKeep': 'Esta palabra aún no tiene entrada de diccionario para repasar.',
  'word.note': 'Ver la nota: {title}',
  'word.close': 'Cerrar',
};
