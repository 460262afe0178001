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
export type { NumberedTitledLesson } from './lesson-number.ts';
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
