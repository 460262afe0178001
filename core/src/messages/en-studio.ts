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
    'Audio file {file} uses {codec}, which the studio cannot decode. Save it as MP3, M4A, Ogg, FLAC or PCM WAV.',
  'audio-decoder-missing':
    'The studio’s {codec} decoder could not be loaded, so {file} was not decoded ({reason}). Reinstall Magyarul Studio.',
  'audio-too-large': enAdmin['files.tooLargeMax'],
  'no-dialogue-audio': 'No dialogue audio (MP3, WAV, M4A, AAC, Ogg or FLAC) in this folder.',
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
  'preview-not-published':
    'Publish this lesson first: Preview as learner opens the lesson as it is on the server.',
  'preview-no-web-origin':
    'The web app’s address is not known: publish to a server first, or set MAGYARUL_WEB_ORIGIN.',
  'word-not-found': 'Vocabulary word not found.',
  'word-needs-text': 'A word needs its Hungarian form and its English meaning.',
  'file-not-in-lesson': 'That audio file is not part of this lesson.',
  'transcript-refused':
    'Transcript {file} was not imported (the problems below). Nothing from it was kept; fix the file and import it again.',
  'vocabulary-refused':
    'Vocabulary {file} was not imported (the problem below). Nothing from it was kept; fix the file and import it again.',
  'line-not-in-lesson': 'Line {id} is not part of this lesson; reload the lesson.',
  'word-not-in-lesson': 'Word {id} is not part of this lesson; reload the lesson.',
  'align-no-audio': 'This lesson has no readable dialogue audio to align to.',
  'peaks-decoded-here': 'The studio decodes this recording itself; import the folder again.',
  'align-decode-in-window':
    'This recording (AAC) is decoded by the studio window; it sends the samples to align.',
  'alignment-stale': 'Line {id} changed while it was being aligned; align again.',
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
  'check-pace-fast':
    'Line {n} lasts {seconds} s for {syllables} syllables ({rate} per second): too short for its text; check its times.',
  'check-pace-slow':
    'Line {n} lasts {seconds} s for {syllables} syllables ({rate} per second): too long for its text; check its times.',
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
  // Publishing over what the server has now (issue 28): its state and the rows changed there.
  'lesson-blocked-server-changes':
    'Not sent: {n} change(s) made on the server since your last publish need your choice: the server’s, mine, or merge by line.',
  'lesson-blocked-unpublish':
    'Not sent: the lesson is live on the server, and publishing it as a draft would take it away from learners. Confirm that, or publish it as it is on the server.',
  'lesson-forgotten':
    'Not sent: the lesson was deleted on the server, and the studio no longer links to it. Publish again to create it anew.',
  'changed-meanwhile':
    'The {what} was changed on the server while publishing; nothing of it was overwritten. Check again.',
  'change-row-lesson': 'Lesson details',
  'change-row-line': 'Line {n}',
  'change-row-word': 'Word “{word}”',
  'publish-as': 'As',
  'publish-as-keep': 'as on the server now (live stays live)',
  'publish-as-draft': 'draft (admins only)',
  'publish-as-published': 'published (learners see it)',
  'server-state-published': 'live on the server',
  'server-state-draft': 'draft on the server',
  'server-state-new': 'new on the server',
  'server-changes-title': 'Changed on the server since your last publish: {n}',
  'server-changes-hint':
    'Nothing of this lesson is sent until each change has a choice. Merge by line takes the server’s where only the server changed something; where both did, choose.',
  'server-changes-unresolved': '{n} change(s) still need a choice.',
  'take-server': 'Take the server’s',
  'keep-mine': 'Keep mine',
  'merge-by-line': 'Merge by line',
  'choice-server': 'Server: {value}',
  'choice-mine': 'Mine: {value}',
  'change-added': 'added on the server',
  'change-deleted': 'deleted on the server',
  'change-deleted-here': 'deleted in the studio, changed on the server',
  'change-both': 'changed in the studio too',
  'row-absent': '(not there)',
  'value-none': '(none)',
  'field-lesson_number': 'lesson number',
  'field-title': 'title',
  'field-description': 'description',
  'field-level': 'level',
  'field-topic': 'topic',
  'field-duration': 'duration',
  'field-audio_url': 'dialogue recording',
  'field-speaker': 'speaker',
  'field-text_content': 'text',
  'field-start_time': 'start',
  'field-end_time': 'end',
  'field-translation_en': 'English translation',
  'field-translation_de': 'German translation',
  'field-translation_es': 'Spanish translation',
  'field-word_hu': 'Hungarian',
  'field-word_en': 'English meaning',
  'field-word_de': 'German meaning',
  'field-word_es': 'Spanish meaning',
  'field-difficulty': 'difficulty',
  'field-audio_file_path': 'recording',
  'field-words': 'words (dictionary forms, notes, meanings)',
  'unpublish-title': 'Take {n} live lesson(s) off the site?',
  'unpublish-body':
    'Publishing as a draft hides them from learners, who then get “{notFound}”: {titles}.',
  'unpublish-confirm': 'Unpublish and publish as draft',
  'unpublish-cancel': 'Keep them live',
} as const;
