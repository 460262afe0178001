// The studio's own messages (the spec's catalogue lives in @magyarul/core/messages; these are
// the desktop-only ones the spec leaves to the product).
const MESSAGES = {
  'audio-unreadable': 'Audio file {file} cannot be decoded; it is broken or not audio.',
  'audio-length-mismatch':
    'Audio file {file} claims {header} s but only {decoded} s decode; it is truncated or its header is wrong.',
  'audio-truncated': 'Audio file {file} ends in the middle of its data; it is truncated.',
  'audio-unsupported': 'Unsupported file format. Please use MP3, WAV, M4A, or AAC.',
  'audio-codec-unsupported':
    'Audio file {file} uses {codec}, which the studio cannot decode. Save it as MP3 or PCM WAV.',
  'audio-decoder-missing':
    'The studio’s {codec} decoder could not be loaded, so {file} was not decoded ({reason}). Reinstall Magyarul Studio.',
  'audio-too-large': 'File too large. Max: {n}MB',
  'no-dialogue-audio': 'No dialogue audio (.mp3 or .wav) in this folder.',
  'no-transcript-csv': 'No transcript CSV (columns speaker,line) in this folder.',
  'no-vocabulary-csv': 'No vocabulary CSV (columns word_hu,word_en,difficulty) in this folder.',
  'unknown-csv': 'CSV file {file} is neither a transcript (speaker,line) nor a vocabulary list.',
  'file-unreadable': 'File {file} cannot be read: {reason}',
  'name-not-nfc':
    'File name {file} is in decomposed Unicode (NFD); it is matched by its composed form.',
  'word-without-audio': 'No audio file matches the word "{word}".',
  'audio-without-word': 'Audio file {file} matches no vocabulary word.',
  'ambiguous-audio': 'Several files or words share the name "{key}"; match them by hand.',
  'folder-failed': 'The folder could not be imported: {reason}',
  'no-root': 'Choose a lessons folder first.',
  'outside-root': 'That path is outside the chosen lessons folder.',
  'not-found': 'Lesson not found.',
  'word-not-found': 'Vocabulary word not found.',
  'file-not-in-lesson': 'That audio file is not part of this lesson.',
} as const;

export type StudioMessageCode = keyof typeof MESSAGES;

export function studioMessage(
  code: StudioMessageCode,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
