export { isLessonUnlocked, lessonStatuses, nextLesson, sortByLessonNumber } from './unlock.ts';
export type { LessonProgressFlags, LessonStatus, NumberedLesson } from './unlock.ts';
export { AUDIO_COMPLETE_RATIO, isAudioComplete, progressStrip } from './progress.ts';
export type { ProgressStrip } from './progress.ts';
export {
  DEFAULT_LINE_LENGTH_SECONDS,
  DEFAULT_LINE_SPACING_SECONDS,
  activeLineIndex,
  withDefaultTimings,
} from './transcript-timing.ts';
export type { TimedLine } from './transcript-timing.ts';
export { TRANSCRIPT_SPEAKERS, speakerLabel, toSpeaker } from './speakers.ts';
export type { TranscriptSpeaker } from './speakers.ts';
export {
  LINE_TRANSLATION_COLUMN,
  TRANSLATION_LANGUAGES,
  WORD_MEANING_COLUMN,
  completenessFromCounts,
  incompleteLanguages,
  storedTranslation,
  translationCompleteness,
} from './translations.ts';
export type {
  LanguageCompleteness,
  LineTranslationColumns,
  TranslationCounts,
  TranslationLanguage,
  WordMeaningColumns,
} from './translations.ts';
export {
  EDIT_SIMILARITY_THRESHOLD,
  alignLines,
  mergeIncomingLines,
  textSimilarity,
} from './transcript-merge.ts';
export type { EditorLine, IncomingLine } from './transcript-merge.ts';
export {
  formatTimeClock,
  formatTimeInput,
  parseTimeInput,
  validateTimings,
} from './transcript-times.ts';
export type {
  ParsedTime,
  TimedEditorLine,
  TimingIssue,
  TimingIssueCode,
} from './transcript-times.ts';
export { checkTranscript, toEditorLines, transcriptSavePlan } from './transcript-save.ts';
export type {
  StoredTranscriptLine,
  TranscriptLineIssue,
  TranscriptSaveLine,
  TranscriptSavePlan,
} from './transcript-save.ts';
export {
  durationMinutes,
  formatClock,
  formatDuration,
  landingDurationText,
  minutesToSeconds,
} from './duration.ts';
export { savedIndicatorText } from './saved-indicator.ts';
export {
  LESSON_NUMBER_CHECK_DELAY_MS,
  duplicateLessonWarning,
  findDuplicateLesson,
  nextLessonNumber,
  parseLessonNumber,
} from './lesson-number.ts';
export type { DuplicateLessonWarning, NumberedTitledLesson } from './lesson-number.ts';
export {
  KNOWN_AUDIO_PATH_FIXES,
  LESSON_AUDIO_BUCKET,
  adjustAudioPath,
  audioUrlCandidates,
  publicStorageUrl,
  resolveAudioUrl,
} from './audio-path.ts';
export {
  RECENT_WINDOW_DAYS,
  filterQaLessons,
  isWithinDays,
  qaCounts,
  qaLessonTitle,
} from './qa-filter.ts';
export type { QaFilter, QaLesson } from './qa-filter.ts';
export { filterUsersById, shortUserId, usersOverview } from './users-overview.ts';
export type {
  LessonProgressRow,
  UserOverview,
  UsersStats,
  VocabularyProgressRow,
} from './users-overview.ts';
