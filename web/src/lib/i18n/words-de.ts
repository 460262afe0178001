import type { enWordsUi } from './words-en.ts';

// German texts of tap-a-word (words-en.ts).
export const deWordsUi: { readonly [K in keyof typeof enWordsUi]: string } = {
  'transcript.playLine': '{speaker} (zu Zeile {n})',
  'word.open': '{word}: Bedeutung zeigen',
  'word.known': 'in deiner Wiederholung',
  'word.dictionaryForm': 'Grundform',
  'word.grammar': 'Grammatik',
  'word.meaning': 'Bedeutung',
  'word.noMeaning': 'Ein Name: Er wird nicht übersetzt.',
  'word.play': 'Wort abspielen',
  'word.addToReview': 'Zur Wiederholung hinzufügen',
  'word.adding': 'Wird hinzugefügt…',
  'word.inReview': 'In deiner Wiederholung',
  'word.added': '„{word}“ ist jetzt in deiner Wiederholung.',
  'word.addFailed': 'Das Wort konnte nicht hinzugefügt werden. Versuche es noch einmal.',
  'word.signInToKeep': 'Registriere dich, um Wörter zu wiederholen',
  'word.cannotKeep': 'Für dieses Wort gibt es noch keinen Wörterbucheintrag zum Wiederholen.',
  'word.note': 'Zur Erklärung: {title}',
  'word.close': 'Schließen',
};
