// English texts of the admin side (spec/admin-side.md). Texts quoted by the spec are copied
// verbatim; entries marked "product" fill gaps where the spec names a situation but no wording.
export const enAdmin = {
  // Admin page
  'admin.tab.lessons': 'Lessons',
  'admin.tab.qa': 'QA',
  'admin.tab.users': 'Users',
  'admin.tab.feedback': 'Feedback',
  'admin.tab.analytics': 'Analytics',
  'admin.analyticsComingSoon': 'Analytics Dashboard Coming Soon',

  // Lessons tab: create and edit dialogs, delete
  'create.title': 'Create New Lesson',
  'create.filesSkipped':
    '{n, plural, one {# file skipped (invalid format)} other {# files skipped (invalid format)}}',
  'create.imageNeedsTitle': 'Please enter a lesson title first',
  'create.failed': 'Failed to create lesson',
  'create.success': 'Lesson created successfully!',
  'create.audioUploadFailed': 'Failed to upload audio: {error}',
  'create.flashcardsPerWord':
    '{n, plural, one {# flashcard} other {# flashcards}} ({perWord} per word)', // product
  'edit.fillRequired': 'Please fill in all required fields',
  'edit.failed': 'Failed to update lesson',
  'edit.success': 'Lesson updated successfully!',
  'delete.failedOne': 'Failed to delete lesson',
  'delete.failedMany': 'Failed to delete lessons',
  'confirm.deleteLesson': 'Are you sure you want to delete this lesson?',
  'confirm.deleteLessons': 'Are you sure you want to delete {n} lesson(s)?',
  'confirm.deleteAudio': 'Are you sure? This cannot be undone.',
  'confirm.deleteVocabularyAudio': 'Delete this audio file? This cannot be undone.',
  'confirm.deleteWord': 'Delete this vocabulary word? This will also delete its audio file.',
  'lessonNumber.duplicate': 'This lesson number already exists ({status}: "{title}")',
  'lesson.status.published': 'Published',
  'lesson.status.draft': 'Draft',

  // New-lesson form validation
  'validation.requiredPositiveInteger': 'Required positive integer',
  'validation.minCharacters': 'Min {n, plural, one {# character} other {# characters}}',
  'validation.required': 'Required',

  // File rules
  'files.invalidTypeExpected': 'Invalid file type. Expected: {expected}',
  'files.tooLargeMax': 'File too large. Max: {n}MB',
  'files.lessonAudioInvalidType': 'Invalid file type. Please upload MP3, WAV, M4A, or AAC',
  'files.tooLargeMaxSizeIs': 'File too large. Maximum size is {n}MB',
  'files.vocabularyAudioUnsupported': 'Unsupported file format. Please use MP3, WAV, M4A, or AAC.',
  'files.vocabularyAudioTooLarge':
    'File too large. Maximum size: {n}MB. Please compress or choose a smaller file.',
  'files.uploadUnsupported': 'Unsupported file type: {name}', // product
  'files.sizeMb': '{n} MB',

  // CSV rules
  'csv.headerAndRows': 'CSV must have header + data rows',
  'csv.missingColumns': 'Missing columns: {columns}',
  'csv.rowMissing': 'Row {n}: Missing {fields}',
  'csv.rowInvalidDifficulty': "Row {n}: Invalid difficulty '{value}'",
  'csv.noTranscriptLinesFile': 'No valid transcript lines found in file',
  'csv.noTranscriptLinesPasted': 'No valid transcript lines found',
  'csv.rowNotUtf8':
    'Row {n}: The file is not UTF-8 text (for example Windows-1250). Save it as "CSV UTF-8" and upload again.', // product
  'csv.rowsNotUtf8':
    'Rows {rows}: The file is not UTF-8 text (for example Windows-1250). Save it as "CSV UTF-8" and upload again.', // product
  'csv.rowMojibake':
    'Row {n}: The text looks garbled ("{value}"), as if ő/ű were read in the wrong encoding. Save the file as "CSV UTF-8" and upload again.', // product
  'csv.unknownEncoding':
    'The file could not be read: it is not UTF-8 text, and reading it as Windows-1250 or Windows-1252 would garble letters. Nothing was loaded. Save it as "CSV UTF-8" and upload again.', // product
  'csv.rowUnknownSpeaker': "Row {n}: Unknown speaker '{value}' (use NARRATOR, ANNA or BENCE)", // product
  'csv.rowExpectedSpeakerText': 'Row {n}: Expected a speaker and a text (speaker,text)', // product
  'csv.rowExtraCells':
    'Row {n}: {count} cells where the header has {columns} columns. Put text that contains a comma in double quotes.', // product
  'csv.rowSkippedSpeakerText': 'Row {n} skipped: expected a speaker and a text (speaker,text)', // product

  // QA tab
  'qa.draftLessons': 'Draft Lessons',
  'qa.published': 'Published',
  'qa.filter.all': 'All Lessons',
  'qa.filter.draft': 'Draft',
  'qa.filter.published': 'Published',
  'qa.filter.recent': 'Recently Modified',
  'qa.lessonPrefix': 'Lesson {number}: {title}',
  'qa.review': 'Review',
  'qa.selected': '{n, plural, one {# lesson selected} other {# lessons selected}}',
  'qa.approveSelected': 'Approve Selected',
  'qa.clearSelection': 'Clear Selection',
  'qa.empty': 'No lessons found for this filter',
  'qa.approveFailed': 'Failed to approve lessons',
  'qa.approved':
    '{n, plural, one {# lesson approved and published} other {# lessons approved and published}}',

  // Feedback tab
  'adminFeedback.title': 'User Feedback',
  'adminFeedback.exportCsv': 'Export CSV',
  'adminFeedback.stat.total': 'Total',
  'adminFeedback.stat.new': 'New',
  'adminFeedback.stat.bugs': 'Bugs',
  'adminFeedback.stat.features': 'Features',
  'adminFeedback.filter.all': 'All',
  'adminFeedback.filter.new': 'New',
  'adminFeedback.filter.inReview': 'In Review',
  'adminFeedback.filter.bugs': 'Bugs',
  'adminFeedback.filter.features': 'Features',
  'adminFeedback.status.new': 'New',
  'adminFeedback.status.reviewing': 'In Review',
  'adminFeedback.status.resolved': 'Resolved',
  'adminFeedback.status.closed': 'Closed',
  'adminFeedback.empty': 'No feedback found',
  'adminFeedback.loadFailed': 'Failed to load feedback',
  'adminFeedback.statusFailed': 'Failed to update status',
  'adminFeedback.statusUpdated': 'Status updated',
  'adminFeedback.exported': 'Feedback exported',
  'adminFeedback.exporting': 'Exporting...', // product

  // Paged admin lists (Feedback and Users tabs hold more rows than one response carries)
  'adminPaging.label': 'Pages', // product
  'adminPaging.range': '{from}–{to} of {total}', // product
  'adminPaging.previous': 'Previous', // product
  'adminPaging.next': 'Next', // product

  // Users tab
  'users.title': 'User Progress',
  'users.stat.total': 'Total Users',
  'users.stat.active': 'Active (7d)',
  'users.stat.avgCompletion': 'Avg Completion',
  'users.stat.avgAccuracy': 'Avg Accuracy',
  'users.search': 'Search by user ID...',
  'users.col.userId': 'User ID',
  'users.col.lessonsCompleted': 'Lessons Completed',
  'users.col.wordsReviewed': 'Words Reviewed',
  'users.col.avgAccuracy': 'Avg Accuracy',
  'users.col.lastActivity': 'Last Activity',
  'users.empty': 'No users found',
  'users.loadFailed': 'Failed to load user progress',

  // Lesson review page
  'reviewPage.backToQa': 'Back to QA Dashboard',
  'reviewPage.saving': 'Saving...',
  'reviewPage.savedSecondsAgo':
    'All changes saved {n, plural, one {# second} other {# seconds}} ago',
  'reviewPage.savedMinutesAgo':
    'All changes saved {n, plural, one {# minute} other {# minutes}} ago',
  'reviewPage.savedHoursAgo': 'All changes saved {n, plural, one {# hour} other {# hours}} ago',
  'reviewPage.saveDraft': 'Save Draft',
  'reviewPage.publish': 'Publish',
  'reviewPage.unsavedChanges': 'You have unsaved changes. Leave anyway?', // product
  'reviewPage.section.metadata': 'Lesson Metadata',
  'reviewPage.section.audio': 'Lesson Audio',
  'reviewPage.section.transcript': 'Transcript',
  'reviewPage.section.vocabulary': 'Vocabulary',
  'reviewPage.section.qa': 'QA Notes & Actions',
  'reviewPage.durationNa': 'N/A',
  'reviewPage.loadFailed': 'Failed to load lesson. Please try again.',
  'reviewPage.saveFailed': 'Failed to save changes. Please try again or contact support.',
  'reviewPage.published': 'Lesson published successfully!',
  'reviewPage.savedDraft': 'Lesson saved as draft',
  'transcript.saveChanges': 'Save Transcript Changes',
  'transcript.uploadNewCsv': 'Upload New CSV',
  'transcript.uploadCsvFile': 'Upload CSV File',
  'transcript.pasteContent': 'Paste Content',
  'transcript.pasteHint': 'Format: speaker,text (CSV format)',
  'transcript.parseAndLoad': 'Parse & Load',
  'transcript.formatHelp': 'Format Help',
  'transcript.empty': 'No transcript available in database',
  'transcript.saved': 'Transcript changes saved',
  'transcript.loaded': 'Loaded {n, plural, one {# transcript line} other {# transcript lines}}',
  'transcript.lineSkipped': 'Line {n} skipped: expected "SPEAKER: text"', // product
  'transcript.lineExpected': 'Line {n}: Expected "SPEAKER: text"', // product
  'transcript.csvParseFailed': 'Failed to parse CSV. Expected format: speaker,text',
  'transcript.pasteParseFailed': 'Failed to parse content. Expected format: speaker,text',
  'reviewAudio.download': 'Download',
  'reviewAudio.replace': 'Replace',
  'reviewAudio.delete': 'Delete',
  'reviewAudio.upload': 'Upload',
  'reviewAudio.play': 'Play',
  'reviewAudio.deleteFailed': 'Failed to delete audio. Please try again or contact support.',
  'reviewAudio.uploadFailed': 'Upload failed. Please try again or contact support.',
  'reviewAudio.downloadFailed': 'Failed to download audio. Please try again.',
  'reviewAudio.loadFailed':
    'Audio failed to load. Please try uploading a new file or contact support.',
  'reviewAudio.noFile': 'No audio file available',
  'reviewAudio.uploaded': 'Audio uploaded successfully', // product
  'reviewAudio.deleted': 'Audio deleted successfully', // product
  'reviewAudio.downloaded': 'Audio downloaded', // product
  'vocabulary.empty': 'No vocabulary words yet. Click "Add Word" to get started.',
  'vocabulary.addWord': 'Add Word',
  'vocabulary.deleteWord': 'Delete Word',
  'vocabulary.wordsRequired': 'Hungarian and English words are required',
  'vocabulary.added': 'Word added successfully',
  'vocabulary.deleted': 'Word deleted successfully',

  // Upload form
  'upload.submit': 'Upload Lesson',
  'upload.field.title': 'Title*',
  'upload.field.level': 'Level*',
  'upload.field.description': 'Description',
  'upload.field.topic': 'Topic',
  'upload.field.duration': 'Duration (minutes)',
  'upload.field.from': 'From Language',
  'upload.field.to': 'To Language',
  'upload.fillRequired': 'Please fill in required fields',
  'upload.loginRequired': 'You must be logged in to upload lessons',
  'upload.failed': 'Failed to upload lesson. Please try again.',
  'upload.success': 'Lesson uploaded successfully!',

  // Lesson image generation
  'image.failed': 'Failed to generate image',
  'image.noUrl': 'No image URL returned',
  'image.generated': 'Lesson image generated!',

  // Landing-page exporter
  'exporter.generate': 'Generate',

  // Review editor: transcript lines, timings, translations (product texts)
  'create.transcriptColumnsHint':
    'Columns: speaker, line (or text); optional translation_en, translation_de, translation_es. "SPEAKER: text" lines work too.',
  'create.vocabularyColumnsHint':
    'Columns: word_hu, word_en, difficulty; optional word_de, word_es.',
  'transcript.viewTable': 'Line table',
  'transcript.viewText': 'Text (SPEAKER: text)',
  'transcript.col.line': '#',
  'transcript.lineLabel': 'Line {n}',
  'transcript.col.speaker': 'Speaker',
  'transcript.col.start': 'Start (s)',
  'transcript.col.end': 'End (s)',
  'transcript.col.text': 'Text',
  'transcript.col.translations': 'Translations',
  'transcript.field.speaker': 'Speaker of line {n}',
  'transcript.field.start': 'Start of line {n}',
  'transcript.field.end': 'End of line {n}',
  'transcript.field.text': 'Text of line {n}',
  'transcript.field.translation': '{language} translation of line {n}',
  'transcript.untimed': 'No time yet (plays at the default {start}–{end})',
  'transcript.wordTimes': 'Word times',
  'transcript.wordTimesStale': 'Its word times will be dropped on saving: the text changed',
  'transcript.wordTimesDropped':
    '{count, plural, one {The word times of line {lines} were dropped: its text changed.} other {The word times of lines {lines} were dropped: their text changed.}}',
  'transcript.addLine': 'Add Line',
  'transcript.addLineAfter': 'Add a line after line {n}',
  'transcript.deleteLine': 'Delete line {n}',
  'transcript.textViewHint':
    'Edits here are merged line by line: lines you do not change keep their times and translations.',
  'transcript.audioLength': 'Audio length: {duration}',
  'transcript.notSaved': 'Nothing was saved. Fix the transcript problems listed under Transcript.',
  'transcript.changedElsewhere':
    'Nothing was saved: the transcript was changed elsewhere (for example in the studio) after you opened this page. Reload the page to see the current version.',
  'timing.invalid':
    'Line {n}: "{value}" is not a time. Enter seconds (4.8) or minutes:seconds (1:04.8).',
  'timing.bothOrNeither': 'Line {n}: Enter both a start and an end time, or leave both empty.',
  'timing.startBeforeEnd': 'Line {n}: The start ({start}) must be before the end ({end}).',
  'timing.pastAudio': 'Line {n}: {time} is past the end of the audio ({duration}).',
  'timing.overlap':
    'Line {n} overlaps line {m}: it starts at {start}, before line {m} ends at {end}.',
  'timing.emptyText': 'Line {n}: The text is empty.',
  'timing.unknownSpeaker': "Line {n}: Unknown speaker '{value}' (use NARRATOR, ANNA or BENCE)",
  'translations.language.en': 'English',
  'translations.language.de': 'German',
  'translations.language.es': 'Spanish',
  'translations.title': 'Translations',
  'translations.complete': '{language}: complete',
  'translations.incomplete':
    '{language}: {words, plural, one {# word meaning} other {# word meanings}} and {lines, plural, one {# line translation} other {# line translations}} missing',
  'translations.publishWarning':
    'Translations are missing in {languages}. Learners will see English, or no translation, where one is missing. Publish anyway?',
  'translations.approveWarning':
    'Translations are missing in these lessons:\n{list}\nLearners will see English, or no translation, where one is missing. Publish anyway?',
  'translations.approveWarningLine': '{lesson}: {languages}',
  'vocabulary.field.meaning': '{language} {word}',
} as const;
