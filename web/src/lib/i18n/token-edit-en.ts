// English texts of the word editor of the admin review editor (issue 31 point 4: the author
// confirms or edits a line's proposed tokens). German and Spanish: token-edit-de.ts,
// token-edit-es.ts (typed against these keys).
export const enTokenEditUi = {
  'tokenEdit.words':
    '{count, plural, one {Words: # word, {unconfirmed} to confirm} other {Words: # words, {unconfirmed} to confirm}}',
  'tokenEdit.listLabel': 'Words of line {n}',
  'tokenEdit.wordLabel': 'Word {position}: {word}',
  'tokenEdit.lemma': 'Dictionary form of “{word}”',
  'tokenEdit.notes': 'Grammar notes of “{word}”',
  'tokenEdit.addNote': 'Add a grammar note to “{word}”',
  'tokenEdit.addNoteChoose': 'Add a note…',
  'tokenEdit.removeNote': 'Remove the note “{note}”',
  'tokenEdit.noNotes': 'No grammar notes',
  'tokenEdit.lessonWord': 'Lesson word of “{word}”',
  'tokenEdit.noLessonWord': 'None',
  'tokenEdit.glossary': 'Glossary: {lemma}',
  'tokenEdit.meaning': 'Meaning of “{word}” ({language})',
  'tokenEdit.from.own': 'own',
  'tokenEdit.from.vocabulary': 'from the lesson word',
  'tokenEdit.from.glossary': 'from the glossary',
  'tokenEdit.from.none': 'none',
  'tokenEdit.isName': '“{word}” is a name',
  'tokenEdit.confirmed': '“{word}” confirmed',
  'tokenEdit.confirmAll': 'Confirm all words of line {n}',
  'tokenEdit.short.lessonWord': 'Lesson word',
  'tokenEdit.short.name': 'Name',
  'tokenEdit.short.confirmed': 'Confirmed',
  'tokenEdit.staleText': 'The words are proposed again for the new text when you save.',
  'tokenEdit.lemmaRequired': 'Enter the dictionary form.',
  'tokenEdit.tooLong': '{max, plural, one {At most # character.} other {At most # characters.}}',
  'tokenEdit.tooManyNotes':
    '{max, plural, one {At most # grammar note.} other {At most # grammar notes.}}',
  'tokenEdit.notSaved':
    'Not saved: a word of the transcript needs fixing (see the Words of its line).',
} as const;
