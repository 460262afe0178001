// English interface texts of tap-a-word (issue 31): the words of a transcript line and the panel
// that explains one. German and Spanish: words-de.ts, words-es.ts (typed against these keys).
export const enWordsUi = {
  'transcript.playLine': '{speaker} (go to line {n})',
  'word.open': '{word}: show meaning',
  'word.known': 'in your review',
  'word.dictionaryForm': 'Dictionary form',
  'word.grammar': 'Grammar',
  'word.meaning': 'Meaning',
  'word.noMeaning': 'A name: it has no translation.',
  'word.play': 'Play the word',
  'word.addToReview': 'Add to review',
  'word.adding': 'Adding…',
  'word.inReview': 'In your review',
  'word.added': '“{word}” is in your review now.',
  'word.addFailed': 'The word could not be added. Try again.',
  'word.signInToKeep': 'Sign up to keep words for review',
  'word.cannotKeep': 'This word has no dictionary entry to review yet.',
  'word.note': 'Read the note: {title}',
  'word.close': 'Close',
} as const;
