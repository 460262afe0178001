import { enAdmin } from './en-admin.ts';
import { enLearner } from './en-learner.ts';

// The studio's catalogue (English; the studio has one language), by message code. Texts the
// spec quotes come from the learner and admin catalogues, so each exists once; the rest are the
// studio's own, which the spec leaves to the product.
export const enStudio = {
  'audio-unreadable': 'Audio file {file} cannot be decoded; it is broken or not audio.',
  'audio-length-mismatch':
    'Audio file {file} claims {header} s but only {decoded} s decode; it is truncated or its header is wrong.',
  'audio-truncated': 'Audio file {file} ends in the middle of its data; it is truncated.',
  'audio-unsupported': enAdmin['files.vocabularyAudioUnsupported'],
  'audio-codec-unsupported':
    'Audio file {file} uses {codec}, which the studio cannot decode. Save it as MP3 or PCM WAV.',
  'audio-decoder-missing':
    'The studio’s {codec} decoder could not be loaded, so {file} was not decoded ({reason}). Reinstall Magyarul Studio.',
  'audio-too-large': enAdmin['files.tooLargeMax'],
  'no-dialogue-audio': 'No dialogue audio (.mp3 or .wav) in this folder.',
  'no-transcript-csv':
    'No transcript in this folder (a CSV with speaker,line or speaker,text, or SPEAKER: text lines).',
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
  'not-found': enLearner['lesson.notFound'],
  'word-not-found': 'Vocabulary word not found.',
  'file-not-in-lesson': 'That audio file is not part of this lesson.',
  'transcript-refused':
    'Transcript {file} was not imported: {reason} Nothing from it was kept; fix the file and import it again.',
  'vocabulary-refused':
    'Vocabulary {file} was not imported: {reason} Nothing from it was kept; fix the file and import it again.',
  'line-not-in-lesson': 'Line {id} is not part of this lesson; reload the lesson.',
  'word-not-in-lesson': 'Word {id} is not part of this lesson; reload the lesson.',
  'file-matched-twice': 'Audio file {file} is given to more than one word.',
  // Publish checks: errors keep the lesson from being sent, warnings need "publish anyway".
  'check-no-title': 'The lesson has no title.',
  'check-no-number': 'The lesson has no lesson number.',
  'check-duplicate-number': 'Lesson number {number} is also given to “{title}” in this studio.',
  'check-no-dialogue': 'The lesson has no readable dialogue audio.',
  'check-no-lines': 'The lesson has no transcript lines.',
  'check-untimed': 'Line {n} has no {missing} time.',
  'check-empty-text': 'Line {n} has no text.',
  'check-bad-span': 'Line {n} ends ({end}) before it starts ({start}).',
  'check-overlap': 'Line {n} starts ({start}) before line {previous} ends ({end}).',
  'check-past-end': 'Line {n} ends at {end}, after the end of the audio ({duration}).',
  'check-unknown-speaker':
    'Line {n}: unknown speaker “{speaker}” (the server knows NARRATOR, ANNA and BENCE).',
  'check-word-no-meaning': 'The word “{word}” has no English meaning.',
  'check-word-no-audio': 'The word “{word}” has no audio.',
  'check-no-words': 'The lesson has no vocabulary words.',
  'check-lines-untranslated': '{language} translation missing for {missing} of {total} lines.',
  'check-words-untranslated': '{language} meaning missing for {missing} of {total} words.',
  // Publishing
  'insecure-password':
    'The server address starts with http:// and is not this computer: the password would travel unencrypted. Use https://, or confirm that you want to send it anyway.',
  'bad-server-url': 'The server address must be a full http:// or https:// URL.',
  'not-admin':
    'The account {email} is not an admin on this server; only admins can publish lessons.',
  'sign-in-failed': 'Sign-in failed: {reason}',
  'mfa-code-required':
    'The account {email} uses two-factor authentication: enter the 6-digit code from your authenticator app in “Authenticator code” and try again.',
  'mfa-code-invalid':
    'The authenticator code was not accepted. Enter the current 6-digit code from your authenticator app (each code works once).',
  'lesson-blocked-errors':
    'Not sent: the checks found {n, plural, one {# error} other {# errors}}. Fix them and publish again.',
  'lesson-blocked-warnings':
    'Not sent: the checks found {n, plural, one {# warning} other {# warnings}}. Choose “Publish anyway” to send it as it is.',
  'lesson-blocked-conflict':
    'Not sent: lesson number {number} is already “{title}” on the server. Update that lesson in place or pick a new number.',
  'lesson-number-taken':
    'Lesson number {number} was taken on the server meanwhile; check again and choose how to resolve it.',
  'remote-not-found': 'The server has no lesson with that id any more; check again.',
} as const;
