// Data shapes that cross the IPC bridge. Plain JSON-compatible values only, so the same shapes
// travel over Electron's structured clone and over the test harness's HTTP bridge.

import { LEVELS, SPEAKERS, type LanguageCode, type Level } from '@magyarul/core/enums';

/** A lesson's level: the database's level enum (core's one list). */
export { LEVELS };
export type LessonLevel = Level;

/** The speakers the server accepts (shown upper-case: NARRATOR, ANNA, BENCE). */
export { SPEAKERS };

/** The learners' languages (core's one list): every meaning and line translation exists in each. */
export type Language = LanguageCode;
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'German',
  es: 'Spanish',
};

/** How a word got its audio file: core's automatic levels, or by hand. */
export const MATCH_LEVELS = [
  'exact',
  'case-insensitive',
  'hyphenated',
  'letters-only',
  'manual',
] as const;
export type MatchLevel = (typeof MATCH_LEVELS)[number];

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
  /** Published before, and edited since (content differs from what was last sent). */
  readonly changedSincePublish: boolean;
  readonly updatedAt: string;
};

/** What a transcript line says and when: the part of a line an author edits. */
type LineContent = {
  readonly speaker: string;
  readonly text: string;
  readonly startTime: number | null;
  readonly endTime: number | null;
  /** '' when missing. */
  readonly translationEn: string;
  readonly translationDe: string;
  readonly translationEs: string;
};

export type TranscriptLine = LineContent & {
  readonly id: number;
  readonly lineNumber: number;
  /** The author set its times (see LineTimes.byHand). */
  readonly timedByHand: boolean;
};

export type VocabularyWord = {
  readonly id: number;
  readonly position: number;
  readonly wordHu: string;
  readonly wordEn: string;
  /** '' when missing. */
  readonly wordDe: string;
  readonly wordEs: string;
  readonly difficulty: string;
  readonly audioFile: string | null;
  readonly matchLevel: string | null;
};

export type LessonDraft = LessonSummary & {
  readonly description: string;
  readonly topic: string;
  readonly dialogueFile: string | null;
  readonly lines: readonly TranscriptLine[];
  /** The words of the lines that have any, with their times. */
  readonly tokens: readonly LineTokens[];
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

export type LinePatch = Partial<LineContent>;

/**
 * One line of a lesson's whole transcript as the editor sends it after adding, deleting,
 * splitting or merging lines (and to undo those): `id` null for a new line, else a line of the
 * same lesson or one deleted from it (undo brings it back with its id).
 */
export type LineInput = LineContent & { readonly id: number | null };

export type WordPatch = {
  readonly wordEn?: string;
  readonly wordDe?: string;
  readonly wordEs?: string;
  /** One of the level enum's values (the server's difficulty). */
  readonly difficulty?: LessonLevel;
};

/** A word the author adds in the studio (Add Word): no recording until one is matched. */
export type NewWordInput = {
  readonly wordHu: string;
  readonly wordEn: string;
  readonly wordDe: string;
  readonly wordEs: string;
  readonly difficulty: LessonLevel;
};

/** A word's audio match; the editor sends the whole lesson's to undo or redo a manual match. */
export type WordMatch = {
  readonly wordId: number;
  readonly audioFile: string | null;
  readonly matchLevel: MatchLevel | null;
};

export type LineTimes = {
  readonly id: number;
  readonly startTime: number | null;
  readonly endTime: number | null;
  /** Set by the author (drag, keys): alignment keeps such lines as anchors. Absent: false. */
  readonly byHand?: boolean;
};

/** The audio renderings of a lesson whose lines and words have times of their own. */
export const AUDIO_VERSIONS = ['normal', 'slow', 'natural'] as const;
export type AudioVersion = (typeof AUDIO_VERSIONS)[number];

/** Start and end in seconds of one rendering, null until aligned. */
export type VersionSpan = { readonly start: number | null; readonly end: number | null };

/**
 * One word of a line (core's tokenize): as written, its UTF-16 offsets into the line's NFC
 * text, and its times in each audio version.
 */
export type LineToken = {
  readonly position: number;
  readonly text: string;
  readonly charStart: number;
  readonly charEnd: number;
  readonly times: { readonly [V in AudioVersion]: VersionSpan };
  /** What the author set on the word in the studio (absent: nothing; the proposal stands). */
  readonly edit?: TokenEdit;
  /** The edit is not on the server yet: the next publish sends it. Absent: false. */
  readonly editPending?: boolean;
};

/**
 * What an author sets on a word (issue 31 point 4; DESIGN §12.3): its dictionary form, grammar
 * notes (keys of core's grammar_note set), the draft's lesson word it is a form of, its own
 * meanings (null: the lesson word's or the glossary's), the name flag and the confirmation.
 */
export type TokenEdit = {
  readonly lemma: string;
  readonly grammarNotes: readonly string[];
  readonly wordId: number | null;
  readonly meaningEn: string | null;
  readonly meaningDe: string | null;
  readonly meaningEs: string | null;
  readonly isName: boolean;
  readonly confirmed: boolean;
};

export type LineTokens = { readonly lineId: number; readonly tokens: readonly LineToken[] };

/** What alignment proposes, or an undo puts back: line times and every line's words. */
export type Alignment = {
  readonly lines: readonly LineTimes[];
  readonly tokens: readonly LineTokens[];
};

/** An alignment with what it was computed from. */
export type AlignmentResult = Alignment & {
  /** Versions aligned, and those the lesson has no audio for. */
  readonly versions: readonly AudioVersion[];
  /** Lines kept as they were because they were timed by hand. */
  readonly anchors: number;
  readonly seconds: number;
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

/**
 * A mono recording decoded by the studio window (AAC: see `decodedInRenderer`), for the
 * aligner: 16-bit samples as base64 (pcm-codec.ts).
 */
export type PcmRecording = { readonly sampleRate: number; readonly data: string };

export type MediaRef =
  | { readonly kind: 'dialogue'; readonly lessonId: number }
  | { readonly kind: 'vocabulary'; readonly lessonId: number; readonly file: string };

/** How far a long task (import, publish) has come: `done` of `total` steps. */
type Progress = { readonly done: number; readonly total: number };

export type ImportProgress = Progress & { readonly folder: string };

export type ImportReport = {
  readonly root: string;
  readonly lessons: readonly LessonSummary[];
  readonly issues: readonly (ImportIssue & { readonly folder: string })[];
};

/** Where the studio publishes; remembered between runs (the password never is). */
export type PublishTarget = {
  readonly url: string;
  readonly anonKey: string;
  readonly email: string;
};

export type PublishCredentials = PublishTarget & {
  readonly password: string;
  /** The author agreed to send the password unencrypted (plain http to another machine). */
  readonly allowInsecure: boolean;
  /** The 6-digit code of the account's authenticator app, when it uses two-factor authentication. */
  readonly mfaCode?: string;
};

export type CheckSeverity = 'error' | 'warning';

/** One finding of the publish checks; errors keep a lesson from being sent. */
export type CheckIssue = {
  readonly code: string;
  readonly severity: CheckSeverity;
  readonly message: string;
  /** The line or word it is about, so the editor can take the author there. */
  readonly lineId: number | null;
  readonly wordId: number | null;
};

/** The server already has a lesson with this lesson's number (and it is not this draft's). */
export type LessonConflict = {
  readonly remoteId: string;
  readonly title: string;
  readonly lessonNumber: number;
};

/** The server's lesson as read before publishing: live or draft, and when its row last changed. */
export type ServerLessonState = {
  readonly isPublished: boolean;
  readonly updatedAt: string;
};

/** A server column's value as the studio compares it. */
export type FieldValue = string | number | null;

/** The rows publishing compares with the server: the lesson's own row, its lines, its words. */
export const ROW_KINDS = ['lesson', 'line', 'word'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** One column of a row the server changed since the studio's last publish. */
export type ChangedField = {
  /** The server column, e.g. 'end_time'. */
  readonly field: string;
  readonly server: FieldValue;
  readonly mine: FieldValue;
  /** The studio changed it too since its last publish (or cannot tell): no side is the obvious one. */
  readonly mineChanged: boolean;
};

/**
 * How a row differs from the studio's last publish on the server's side: 'changed' (columns
 * edited on the server), 'added' (a row the studio never sent), 'deleted' (a row the studio sent
 * that the server no longer has), 'deleted-here' (deleted in the studio, edited on the server).
 */
export const CHANGE_TYPES = ['changed', 'added', 'deleted', 'deleted-here'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** A row changed on the server since the studio's last publish: shown before anything is sent. */
export type ServerChange = {
  /** `<kind>:<server id>`: what a choice names. */
  readonly key: string;
  readonly kind: RowKind;
  /** 'Line 4', 'Word “kávé”', 'Lesson details'. */
  readonly label: string;
  readonly change: ChangeType;
  /** The server row's updated_at as read ('deleted' when it is gone): a choice holds for it only. */
  readonly stamp: string;
  /** 'changed': the columns that differ, each chosen on its own. */
  readonly fields: readonly ChangedField[];
  /** The whole row in one line, for added and deleted rows (null where that side has none). */
  readonly server: string | null;
  readonly mine: string | null;
  readonly mineChanged: boolean;
};

export const CHOICES = ['server', 'mine'] as const;
export type Choice = (typeof CHOICES)[number];

/** The author's choice for one changed column (`field`) or a whole added/deleted row (`field` ''). */
export type ChangeChoice = {
  readonly lessonId: number;
  readonly key: string;
  readonly field: string;
  readonly stamp: string;
  readonly choice: Choice;
};

export type LessonCheck = {
  readonly lessonId: number;
  /** 'Lesson 3 “Köszönés”': how logs and reports name the lesson. */
  readonly label: string;
  readonly issues: readonly CheckIssue[];
  readonly conflict: LessonConflict | null;
  /** The lesson this draft publishes to, as the server has it now; null when it has none. */
  readonly server: ServerLessonState | null;
  /** What the server changed since the studio's last publish of this lesson. */
  readonly changes: readonly ServerChange[];
};

export type PublishCheckRequest = PublishCredentials & { readonly lessonIds: readonly number[] };

export type PublishCheckReport = {
  readonly lessons: readonly LessonCheck[];
  /** Lesson numbers the server uses, to suggest a free one. */
  readonly takenNumbers: readonly number[];
};

/** "As": 'keep' leaves each lesson live or draft as the server has it (a new one as a draft). */
export const PUBLISH_AS = ['keep', 'draft', 'published'] as const;
export type PublishAs = (typeof PUBLISH_AS)[number];

export type PublishRequest = PublishCheckRequest & {
  readonly status: PublishAs;
  /** "Publish anyway": send lessons whose checks found warnings (never those with errors). */
  readonly acceptWarnings: boolean;
  /** The author confirmed that "As draft" takes live lessons away from learners. */
  readonly confirmUnpublish: boolean;
  /** The author's choices for the rows changed on the server (see ServerChange). */
  readonly choices: readonly ChangeChoice[];
};

/** `blocked`: not sent at all, because of its checks or a lesson-number conflict. */
/** 'removed': the lesson's server audio that nothing plays any more was deleted. */
export type PublishItemState = 'uploaded' | 'unchanged' | 'removed' | 'failed' | 'blocked';

export type PublishItem = {
  readonly lessonId: number;
  /** The lesson's label (see LessonCheck). */
  readonly lesson: string;
  /**
   * 'checks', 'audio:<file>', 'public audio' / 'private audio' (the lesson's files copied to or
   * kept out of the public bucket), 'lesson', 'transcript', 'vocabulary' or 'old audio'.
   */
  readonly item: string;
  readonly state: PublishItemState;
  readonly message: string | null;
};

export type PublishProgress = Progress & { readonly item: PublishItem };

export type PublishReport = {
  readonly items: readonly PublishItem[];
  readonly failed: number;
  readonly blocked: number;
};

export type StudioError = { readonly code: string; readonly message: string };
