// Data shapes that cross the IPC bridge. Plain JSON-compatible values only, so the same shapes
// travel over Electron's structured clone and over the test harness's HTTP bridge.

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type LessonLevel = (typeof LEVELS)[number];

export const PUBLISH_STATES = ['never', 'draft', 'published'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

export type ImportIssue = {
  /** File name inside the lesson folder, or '' for the folder itself. */
  readonly file: string;
  /** 1-based CSV row when the issue concerns one row. */
  readonly row: number | null;
  readonly code: string;
  readonly message: string;
};

export type LessonSummary = {
  readonly id: number;
  readonly folder: string;
  readonly lessonNumber: number | null;
  readonly title: string;
  readonly level: LessonLevel;
  readonly durationSeconds: number | null;
  readonly lineCount: number;
  readonly wordCount: number;
  readonly matchedWordCount: number;
  readonly issueCount: number;
  readonly publishState: PublishState;
  readonly publishedStatus: 'draft' | 'published' | null;
  readonly remoteId: string | null;
  readonly updatedAt: string;
};

export type TranscriptLine = {
  readonly id: number;
  readonly lineNumber: number;
  readonly speaker: string;
  readonly text: string;
  readonly startTime: number | null;
  readonly endTime: number | null;
};

export type VocabularyWord = {
  readonly id: number;
  readonly position: number;
  readonly wordHu: string;
  readonly wordEn: string;
  readonly difficulty: string;
  readonly audioFile: string | null;
  readonly matchLevel: string | null;
};

export type LessonDraft = LessonSummary & {
  readonly description: string;
  readonly topic: string;
  readonly dialogueFile: string | null;
  readonly lines: readonly TranscriptLine[];
  readonly words: readonly VocabularyWord[];
  /** Vocabulary audio files found in the folder, matched or not. */
  readonly audioFiles: readonly string[];
  readonly issues: readonly ImportIssue[];
};

export type LessonPatch = {
  readonly title?: string;
  readonly lessonNumber?: number | null;
  readonly level?: LessonLevel;
  readonly description?: string;
  readonly topic?: string;
};

export type LinePatch = {
  readonly speaker?: string;
  readonly text?: string;
  readonly startTime?: number | null;
  readonly endTime?: number | null;
};

export type LineTimes = {
  readonly id: number;
  readonly startTime: number | null;
  readonly endTime: number | null;
};

/**
 * Peaks of the dialogue audio: the maximum absolute sample per bin, quantised to one byte
 * (0..255 for 0..1) and base64-encoded — a 60-minute recording is 360,000 peaks, which as JSON
 * numbers would take most of a second to move and parse. `decodePeaks` turns it back.
 */
export type Peaks = {
  readonly peaksPerSecond: number;
  readonly duration: number;
  readonly data: string;
};

export type MediaRef =
  | { readonly kind: 'dialogue'; readonly lessonId: number }
  | { readonly kind: 'vocabulary'; readonly lessonId: number; readonly file: string };

export type ImportProgress = {
  readonly done: number;
  readonly total: number;
  readonly folder: string;
};

export type ImportReport = {
  readonly root: string;
  readonly lessons: readonly LessonSummary[];
  readonly issues: readonly (ImportIssue & { readonly folder: string })[];
};

export type PublishRequest = {
  readonly url: string;
  readonly anonKey: string;
  readonly email: string;
  readonly password: string;
  readonly lessonIds: readonly number[];
  readonly status: 'draft' | 'published';
};

export type PublishItemState = 'uploaded' | 'unchanged' | 'failed';

export type PublishItem = {
  readonly lessonId: number;
  /** 'audio:<file>', 'lesson', 'transcript' or 'vocabulary'. */
  readonly item: string;
  readonly state: PublishItemState;
  readonly message: string | null;
};

export type PublishProgress = {
  readonly done: number;
  readonly total: number;
  readonly item: PublishItem;
};

export type PublishReport = {
  readonly items: readonly PublishItem[];
  readonly failed: number;
};

export type StudioError = { readonly code: string; readonly message: string };
