import {
  parseTranscriptEditorText,
  transcriptToEditorText,
  type CsvIssue,
} from '@magyarul/core/csv';
import {
  mergeIncomingLines,
  parseTimeInput,
  toEditorLines,
  type EditorLine,
  type IncomingLine,
} from '@magyarul/core/lessons';
import { t, type MessageKey, type MessageParams } from '@magyarul/core/messages';
import type { TranscriptRow } from './api.ts';

// The review editor's transcript: one list of lines that both views edit. The line table edits
// lines in place; the text view ('SPEAKER: text', the spec's text area) is merged into the lines
// it was opened on, line by line, so text edits never cost a line its times or translations.

export type TranscriptView = 'table' | 'text';
export type TimeField = 'start' | 'end';
export type TimeDrafts = { readonly start?: string; readonly end?: string };

export type TranscriptEditorState = {
  /** The rows as read (or as the last save returned them). */
  readonly original: readonly TranscriptRow[];
  /** The lines as the table shows them. */
  readonly lines: readonly EditorLine[];
  readonly view: TranscriptView;
  /** The text view's content, and the lines it was opened on. */
  readonly text: string;
  readonly textBase: readonly EditorLine[];
  /** Times as typed, per line key, until the field is left (so '4.' can become '4.8'). */
  readonly drafts: Readonly<Record<string, TimeDrafts>>;
  readonly nextKey: number;
};

type LinePatch = Partial<
  Pick<
    EditorLine,
    'speaker' | 'text_content' | 'translation_en' | 'translation_de' | 'translation_es'
  >
>;

export type TranscriptAction =
  | { readonly type: 'loaded'; readonly rows: readonly TranscriptRow[] }
  | { readonly type: 'edit'; readonly key: string; readonly patch: LinePatch }
  | {
      readonly type: 'time';
      readonly key: string;
      readonly field: TimeField;
      readonly text: string;
    }
  | { readonly type: 'time-done'; readonly key: string; readonly field: TimeField }
  | { readonly type: 'add'; readonly after: number }
  | { readonly type: 'remove'; readonly key: string }
  | { readonly type: 'view'; readonly view: TranscriptView }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'incoming'; readonly lines: readonly IncomingLine[] };

export const emptyTranscriptState: TranscriptEditorState = {
  original: [],
  lines: [],
  view: 'table',
  text: '',
  textBase: [],
  drafts: {},
  nextKey: 1,
};

function keyMaker(start: number): { next: () => string; used: () => number } {
  let n = start;
  return { next: () => `new-${n++}`, used: () => n };
}

/** The lines the text view stands for now: its text merged into the lines it was opened on. */
function mergedText(state: TranscriptEditorState, next: () => string): EditorLine[] {
  return mergeIncomingLines(state.textBase, parseTranscriptEditorText(state.text).items, next);
}

/** The transcript as it would be saved now, whichever view is open. */
export function currentLines(state: TranscriptEditorState): readonly EditorLine[] {
  if (state.view === 'table') return state.lines;
  return mergedText(state, keyMaker(state.nextKey).next);
}

/** Lines of the text view the spec's rules drop (no colon, empty speaker or text). */
export function textViewNotices(state: TranscriptEditorState): CsvIssue[] {
  return state.view === 'text' ? parseTranscriptEditorText(state.text).issues : [];
}

/** A problem the editor itself finds (a time that is not a time), keyed like core's issues. */
export type DraftIssue = {
  readonly index: number;
  readonly field: TimeField;
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly message: string;
  readonly blocking: true;
};

/** Times typed in the table that cannot be read. */
export function draftIssues(state: TranscriptEditorState): DraftIssue[] {
  const issues: DraftIssue[] = [];
  currentLines(state).forEach((line, index) => {
    const drafts = state.drafts[line.key];
    for (const field of ['start', 'end'] as const) {
      const text = drafts?.[field];
      if (text === undefined || parseTimeInput(text).ok) continue;
      const params = { n: index + 1, value: text };
      issues.push({
        index,
        field,
        key: 'timing.invalid',
        params,
        message: t('timing.invalid', params),
        blocking: true,
      });
    }
  });
  return issues;
}

function fromRows(
  state: TranscriptEditorState,
  rows: readonly TranscriptRow[],
): TranscriptEditorState {
  const lines = toEditorLines(rows);
  return {
    ...state,
    original: rows,
    lines,
    textBase: lines,
    text: transcriptToEditorText(lines),
    drafts: {},
  };
}

function withoutDraft(
  drafts: TranscriptEditorState['drafts'],
  key: string,
  field: TimeField,
): TranscriptEditorState['drafts'] {
  const { [field]: _dropped, ...rest } = drafts[key] ?? {};
  const next = { ...drafts };
  if (Object.keys(rest).length === 0) delete next[key];
  else next[key] = rest;
  return next;
}

export function transcriptReducer(
  state: TranscriptEditorState,
  action: TranscriptAction,
): TranscriptEditorState {
  switch (action.type) {
    case 'loaded':
      return fromRows(state, action.rows);
    case 'edit':
      return {
        ...state,
        lines: state.lines.map((l) => (l.key === action.key ? { ...l, ...action.patch } : l)),
      };
    case 'time': {
      const parsed = parseTimeInput(action.text);
      const column = action.field === 'start' ? 'start_time' : 'end_time';
      return {
        ...state,
        drafts: {
          ...state.drafts,
          [action.key]: { ...state.drafts[action.key], [action.field]: action.text },
        },
        lines: parsed.ok
          ? state.lines.map((l) => (l.key === action.key ? { ...l, [column]: parsed.value } : l))
          : state.lines,
      };
    }
    case 'time-done': {
      const text = state.drafts[action.key]?.[action.field];
      if (text === undefined || !parseTimeInput(text).ok) return state;
      return { ...state, drafts: withoutDraft(state.drafts, action.key, action.field) };
    }
    case 'add': {
      const line: EditorLine = {
        key: `new-${state.nextKey}`,
        id: null,
        speaker: state.lines[action.after]?.speaker ?? 'narrator',
        text_content: '',
        start_time: null,
        end_time: null,
        translation_en: null,
        translation_de: null,
        translation_es: null,
      };
      const lines = [...state.lines];
      lines.splice(action.after + 1, 0, line);
      return { ...state, lines, nextKey: state.nextKey + 1 };
    }
    case 'remove': {
      const { [action.key]: _gone, ...drafts } = state.drafts;
      return { ...state, lines: state.lines.filter((l) => l.key !== action.key), drafts };
    }
    case 'view': {
      if (action.view === state.view) return state;
      if (action.view === 'text') {
        return {
          ...state,
          view: 'text',
          textBase: state.lines,
          text: transcriptToEditorText(state.lines),
        };
      }
      const keys = keyMaker(state.nextKey);
      return { ...state, view: 'table', lines: mergedText(state, keys.next), nextKey: keys.used() };
    }
    case 'text':
      return { ...state, text: action.text };
    case 'incoming': {
      const keys = keyMaker(state.nextKey);
      const current = state.view === 'table' ? state.lines : mergedText(state, keys.next);
      const lines = mergeIncomingLines(current, action.lines, keys.next);
      return {
        ...state,
        lines,
        textBase: lines,
        text: transcriptToEditorText(lines),
        nextKey: keys.used(),
      };
    }
  }
}
