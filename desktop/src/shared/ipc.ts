// THE contract between the Electron main process and the renderer. The preload exposes exactly
// `window.studio` that `satisfies StudioApi`; main registers one handler per channel through
// `registerHandlers`, which validates every argument with the validators below.
import { GRAMMAR_NOTE_TEXTS } from '@magyarul/core/grammar';
import type { Misspelling } from '@magyarul/core/spelling';
import type {
  Alignment,
  AlignmentResult,
  ChangeChoice,
  ImportProgress,
  ImportReport,
  LessonDraft,
  LessonPatch,
  LessonSummary,
  LineInput,
  LinePatch,
  LineTimes,
  LineToken,
  LineTokens,
  MediaRef,
  NewWordInput,
  PcmRecording,
  Peaks,
  PublishCheckReport,
  PublishCheckRequest,
  PublishProgress,
  PublishReport,
  PublishRequest,
  PublishTarget,
  StudioError,
  TokenEdit,
  TranscriptLine,
  VocabularyWord,
  WordMatch,
  WordPatch,
} from './model.ts';
import { CHOICES, LEVELS, MATCH_LEVELS, PUBLISH_AS } from './model.ts';
import type { Validator } from './validate.ts';
import {
  arrayOf,
  bool,
  int,
  matching,
  nullable,
  num,
  object,
  oneOf,
  optional,
  str,
} from './validate.ts';

/** Every invoke channel: its argument tuple and its result. */
export type InvokeMap = {
  'root:get': { args: []; result: string | null };
  'root:choose': { args: []; result: string | null };
  'import:scan-folder': { args: [root: string]; result: ImportReport };
  'drafts:list': { args: []; result: LessonSummary[] };
  'drafts:get': { args: [lessonId: number]; result: LessonDraft | null };
  'drafts:update-lesson': { args: [lessonId: number, patch: LessonPatch]; result: LessonSummary };
  'drafts:update-line': { args: [lineId: number, patch: LinePatch]; result: TranscriptLine };
  'drafts:set-line-times': { args: [lessonId: number, times: LineTimes[]]; result: void };
  'drafts:set-lines': { args: [lessonId: number, lines: LineInput[]]; result: TranscriptLine[] };
  'drafts:update-word': { args: [wordId: number, patch: WordPatch]; result: VocabularyWord };
  'drafts:match-word': { args: [wordId: number, file: string | null]; result: VocabularyWord };
  'drafts:add-word': { args: [lessonId: number, word: NewWordInput]; result: VocabularyWord };
  'drafts:remove-word': { args: [wordId: number]; result: void };
  'drafts:set-word-matches': {
    args: [lessonId: number, matches: WordMatch[]];
    result: VocabularyWord[];
  };
  'drafts:peaks': { args: [lessonId: number]; result: Peaks | null };
  'drafts:set-peaks': { args: [lessonId: number, peaks: Peaks]; result: Peaks };
  'drafts:set-alignment': { args: [lessonId: number, alignment: Alignment]; result: void };
  /** Sets what the author chose for one word of a line (null: the proposal); its words now. */
  'drafts:edit-token': {
    args: [lineId: number, position: number, edit: TokenEdit | null];
    result: LineToken[];
  };
  'align:lesson': { args: [lessonId: number]; result: AlignmentResult };
  'align:decoded': {
    args: [lessonId: number, recording: PcmRecording];
    result: AlignmentResult;
  };
  'media:url': { args: [ref: MediaRef]; result: string | null };
  /** The Hungarian words of each text the dictionary does not know (hunspell, in main). */
  'spell:check': { args: [texts: string[]]; result: Misspelling[][] };
  /**
   * hunspell's readings of each word (its dictionary form, part of speech and endings: " st:megy
   * po:vrb is:PRES_INDIC_INDEF_PL_1"), by the word in NFC; none for a word it does not know.
   */
  'language:analyse': { args: [words: string[]]; result: Record<string, string[]> };
  'publish:target': { args: []; result: PublishTarget | null };
  'publish:check': { args: [request: PublishCheckRequest]; result: PublishCheckReport };
  'publish:adopt-remote': { args: [lessonId: number, remoteId: string]; result: LessonSummary };
  'publish:run': { args: [request: PublishRequest]; result: PublishReport };
  'publish:refresh-states': { args: []; result: LessonSummary[] };
  /** Opens the web app's "Preview as learner" page of the lesson in the system browser. */
  'preview:open': { args: [lessonId: number]; result: string };
};
export type Channel = keyof InvokeMap;
export type ArgsOf<C extends Channel> = InvokeMap[C]['args'];
export type ResultOf<C extends Channel> = InvokeMap[C]['result'];

/** Events main sends to the renderer. */
export type EventMap = {
  'import:progress': ImportProgress;
  'publish:progress': PublishProgress;
};
export type EventChannel = keyof EventMap;

/** The method names `window.studio` offers, one per invoke channel. */
export const METHODS = {
  getRoot: 'root:get',
  chooseRoot: 'root:choose',
  importFolder: 'import:scan-folder',
  listDrafts: 'drafts:list',
  getDraft: 'drafts:get',
  updateLesson: 'drafts:update-lesson',
  updateLine: 'drafts:update-line',
  setLineTimes: 'drafts:set-line-times',
  setLines: 'drafts:set-lines',
  updateWord: 'drafts:update-word',
  matchWord: 'drafts:match-word',
  addWord: 'drafts:add-word',
  removeWord: 'drafts:remove-word',
  setWordMatches: 'drafts:set-word-matches',
  getPeaks: 'drafts:peaks',
  setPeaks: 'drafts:set-peaks',
  setAlignment: 'drafts:set-alignment',
  editToken: 'drafts:edit-token',
  alignLesson: 'align:lesson',
  alignDecoded: 'align:decoded',
  mediaUrl: 'media:url',
  checkSpelling: 'spell:check',
  analyseWords: 'language:analyse',
  publishTarget: 'publish:target',
  checkPublish: 'publish:check',
  adoptRemote: 'publish:adopt-remote',
  publish: 'publish:run',
  refreshServerStates: 'publish:refresh-states',
  openPreview: 'preview:open',
} as const satisfies Record<string, Channel>;
type Methods = typeof METHODS;

export type StudioApi = {
  readonly [M in keyof Methods]: (...args: ArgsOf<Methods[M]>) => Promise<ResultOf<Methods[M]>>;
} & {
  readonly onImportProgress: (listener: (progress: ImportProgress) => void) => () => void;
  readonly onPublishProgress: (listener: (progress: PublishProgress) => void) => () => void;
};

/** What crosses the bridge for every invoke: errors travel as data, never as thrown objects. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: StudioError };

const id = int(1);
const path = str(4096);
const seconds = nullable(num(0, 24 * 3600));
const text = str(10_000);

const lessonPatch: Validator<LessonPatch> = object({
  title: optional(str(500)),
  lessonNumber: optional(nullable(int(1, 1_000_000))),
  level: optional(oneOf(LEVELS)),
  description: optional(text),
  topic: optional(str(500)),
});

const speaker = str(100);
const translation = str(10_000);

const linePatch: Validator<LinePatch> = object({
  speaker: optional(speaker),
  text: optional(text),
  startTime: optional(seconds),
  endTime: optional(seconds),
  translationEn: optional(translation),
  translationDe: optional(translation),
  translationEs: optional(translation),
});

const lineInput: Validator<LineInput> = object({
  id: nullable(id),
  speaker,
  text,
  startTime: seconds,
  endTime: seconds,
  translationEn: translation,
  translationDe: translation,
  translationEs: translation,
});

const meaning = str(1000);
const wordPatch: Validator<WordPatch> = object({
  wordEn: optional(meaning),
  wordDe: optional(meaning),
  wordEs: optional(meaning),
  difficulty: optional(oneOf(LEVELS)),
});

const newWord: Validator<NewWordInput> = object({
  wordHu: str(200),
  wordEn: meaning,
  wordDe: meaning,
  wordEs: meaning,
  difficulty: oneOf(LEVELS),
});

const wordMatch: Validator<WordMatch> = object({
  wordId: id,
  audioFile: nullable(str(1000)),
  matchLevel: nullable(oneOf(MATCH_LEVELS)),
});

const uuid = matching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a UUID');

const lineTimes: Validator<LineTimes> = object({
  id,
  startTime: seconds,
  endTime: seconds,
  byHand: optional(bool),
});

/** At most this many words per analyse request (a line has at most 500; a lesson asks by line). */
export const ANALYSE_MAX_WORDS = 500;
/** A word as core's tokenize gives it: no space, at most 100 characters. */
const analysedWord = matching(
  /^[^\s\0]{1,100}$/u,
  'a word of at most 100 characters without spaces',
);

const span = object({ start: seconds, end: seconds });
const GRAMMAR_NOTES = Object.keys(GRAMMAR_NOTE_TEXTS);
const tokenMeaning = nullable(str(500));
/** A word's edit: the server's limits (transcript_tokens' checks), notes from the closed set. */
const tokenEdit: Validator<TokenEdit> = object({
  lemma: matching(/\S/u, 'a dictionary form of at most 200 characters'),
  grammarNotes: arrayOf(oneOf(GRAMMAR_NOTES), 8),
  wordId: nullable(id),
  meaningEn: tokenMeaning,
  meaningDe: tokenMeaning,
  meaningEs: tokenMeaning,
  isName: bool,
  confirmed: bool,
});
const lineToken: Validator<LineToken> = object({
  position: int(0, 10_000),
  text: str(1000),
  charStart: int(0, 10_000),
  charEnd: int(1, 10_000),
  times: object({ normal: span, slow: span, natural: span }),
  // As read with the draft (an alignment's undo sends the words back); set only by edit-token.
  edit: optional(tokenEdit),
  editPending: optional(bool),
});
const lineTokens: Validator<LineTokens> = object({
  lineId: id,
  tokens: arrayOf(lineToken, 10_000),
});
const alignment: Validator<Alignment> = object({
  lines: arrayOf(lineTimes, 10_000),
  tokens: arrayOf(lineTokens, 10_000),
});

// Base64 of at most 2 hours at 11,025 Hz (16-bit) or 100 peaks per second.
const base64 = matching(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');
const bigBase64 =
  (maxLength: number): Validator<string> =>
  (value, where) => {
    const text = str(maxLength)(value, where);
    // Checked in slices: one regular expression over 100 MB would be slow.
    for (let at = 0; at < text.length; at += 100) base64(text.slice(at, at + 100), where);
    return text;
  };
const peaks: Validator<Peaks> = object({
  peaksPerSecond: int(1, 10_000),
  duration: num(0, 24 * 3600),
  data: bigBase64(4_000_000),
});
const pcmRecording: Validator<PcmRecording> = object({
  sampleRate: int(3000, 96_000),
  data: bigBase64(220_000_000),
});

const mediaRef: Validator<MediaRef> = (value, where) => {
  const kind = oneOf(['dialogue', 'vocabulary'])(
    typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined,
    `${where}.kind`,
  );
  return kind === 'dialogue'
    ? object({ kind: oneOf(['dialogue']), lessonId: id })(value, where)
    : object({ kind: oneOf(['vocabulary']), lessonId: id, file: str(1000) })(value, where);
};

const credentials = {
  url: str(2000),
  anonKey: str(5000),
  email: str(320),
  password: str(1000),
  allowInsecure: bool,
  mfaCode: optional(str(20)),
  lessonIds: arrayOf(id, 10_000),
};

const publishCheckRequest: Validator<PublishCheckRequest> = object(credentials);

const changeChoice: Validator<ChangeChoice> = object({
  lessonId: id,
  key: matching(
    /^(lesson|line|word|words):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'a changed row',
  ),
  // '' chooses for the whole row; else a server column name.
  field: matching(/^[a-z_]{0,40}$/, 'a column name'),
  stamp: str(100),
  choice: oneOf(CHOICES),
});

const publishRequest: Validator<PublishRequest> = object({
  ...credentials,
  status: oneOf(PUBLISH_AS),
  acceptWarnings: bool,
  confirmUnpublish: bool,
  choices: arrayOf(changeChoice, 100_000),
});

/** Per-channel argument validators; `registerHandlers` refuses a call that does not pass. */
export type ValidatorsFor<T extends readonly unknown[]> = {
  readonly [K in keyof T]: Validator<T[K]>;
};

export const VALIDATORS: { readonly [C in Channel]: ValidatorsFor<ArgsOf<C>> } = {
  'root:get': [],
  'root:choose': [],
  'import:scan-folder': [path],
  'drafts:list': [],
  'drafts:get': [id],
  'drafts:update-lesson': [id, lessonPatch],
  'drafts:update-line': [id, linePatch],
  'drafts:set-line-times': [id, arrayOf(lineTimes, 10_000)],
  'drafts:set-lines': [id, arrayOf(lineInput, 10_000)],
  'drafts:update-word': [id, wordPatch],
  'drafts:match-word': [id, nullable(str(1000))],
  'drafts:add-word': [id, newWord],
  'drafts:remove-word': [id],
  'drafts:set-word-matches': [id, arrayOf(wordMatch, 10_000)],
  'drafts:peaks': [id],
  'drafts:set-peaks': [id, peaks],
  'drafts:set-alignment': [id, alignment],
  'drafts:edit-token': [id, int(0, 499), nullable(tokenEdit)],
  'align:lesson': [id],
  'align:decoded': [id, pcmRecording],
  'media:url': [mediaRef],
  'spell:check': [arrayOf(text, 10_000)],
  'language:analyse': [arrayOf(analysedWord, ANALYSE_MAX_WORDS)],
  'publish:target': [],
  'publish:check': [publishCheckRequest],
  'publish:adopt-remote': [id, uuid],
  'publish:run': [publishRequest],
  'publish:refresh-states': [],
  'preview:open': [id],
};

export const CHANNELS = Object.keys(VALIDATORS) as Channel[];

/** The handlers main implements: one function per channel, arguments already validated. */
export type Handlers = {
  readonly [C in Channel]: (...args: ArgsOf<C>) => Promise<ResultOf<C>> | ResultOf<C>;
};
