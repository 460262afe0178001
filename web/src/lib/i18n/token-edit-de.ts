import type { enTokenEditUi } from './token-edit-en.ts';

// German texts of the word editor (token-edit-en.ts).
export const deTokenEditUi: { readonly [K in keyof typeof enTokenEditUi]: string } = {
  'tokenEdit.words':
    '{count, plural, one {Wörter: # Wort, {unconfirmed} zu bestätigen} other {Wörter: # Wörter, {unconfirmed} zu bestätigen}}',
  'tokenEdit.listLabel': 'Wörter von Zeile {n}',
  'tokenEdit.wordLabel': 'Wort {position}: {word}',
  'tokenEdit.lemma': 'Grundform von „{word}“',
  'tokenEdit.notes': 'Grammatikhinweise zu „{word}“',
  'tokenEdit.addNote': 'Grammatikhinweis zu „{word}“ hinzufügen',
  'tokenEdit.addNoteChoose': 'Hinweis hinzufügen…',
  'tokenEdit.removeNote': 'Hinweis „{note}“ entfernen',
  'tokenEdit.noNotes': 'Keine Grammatikhinweise',
  'tokenEdit.lessonWord': 'Lektionswort von „{word}“',
  'tokenEdit.noLessonWord': 'Keines',
  'tokenEdit.glossary': 'Glossar: {lemma}',
  'tokenEdit.meaning': 'Bedeutung von „{word}“ ({language})',
  'tokenEdit.from.own': 'eigene',
  'tokenEdit.from.vocabulary': 'vom Lektionswort',
  'tokenEdit.from.glossary': 'aus dem Glossar',
  'tokenEdit.from.none': 'keine',
  'tokenEdit.isName': '„{word}“ ist ein Name',
  'tokenEdit.confirmed': '„{word}“ bestätigt',
  'tokenEdit.confirmAll': 'Alle Wörter von Zeile {n} bestätigen',
  'tokenEdit.short.lessonWord': 'Lektionswort',
  'tokenEdit.short.name': 'Name',
  'tokenEdit.short.confirmed': 'Bestätigt',
  'tokenEdit.staleText': 'Die Wörter werden beim Speichern für den neuen Text neu vorgeschlagen.',
  'tokenEdit.lemmaRequired': 'Gib die Grundform ein.',
  'tokenEdit.tooLong': '{max, plural, one {Höchstens # Zeichen.} other {Höchstens # Zeichen.}}',
  'tokenEdit.tooManyNotes':
    '{max, plural, one {Höchstens # Grammatikhinweis.} other {Höchstens # Grammatikhinweise.}}',
  'tokenEdit.notSaved':
    'Nicht gespeichert: Ein Wort des Transkripts muss korrigiert werden (siehe die Wörter seiner Zeile).',
};
