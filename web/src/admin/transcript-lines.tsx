import type { Dispatch } from 'react';
import type { Misspelling } from '@magyarul/core/spelling';
import {
  DEFAULT_LINE_LENGTH_SECONDS,
  DEFAULT_LINE_SPACING_SECONDS,
  LINE_TRANSLATION_COLUMN,
  TRANSCRIPT_SPEAKERS,
  TRANSLATION_LANGUAGES,
  formatTimeClock,
  formatTimeInput,
  speakerLabel,
  type EditorLine,
} from '@magyarul/core/lessons';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import type { TranscriptRow } from './api.ts';
import { OtherVersionTimes } from './other-version-times.tsx';
import { SpellingNote } from './spelling/spelling-note.tsx';
import type {
  TimeField,
  TranscriptAction,
  TranscriptEditorState,
} from './transcript-editor-state.ts';
import type { WordTime } from './line-tokens.ts';
import { LineWordTimes } from './line-word-times.tsx';
import { LineWordsEditor, type WordsEditorProps } from './line-words-editor.tsx';

const TIME_FIELDS: readonly TimeField[] = ['start', 'end'];
const NONE: readonly Misspelling[] = [];

/** A problem shown beside the field it concerns. */
export type FieldIssue = {
  readonly index: number;
  readonly field: string;
  readonly message: string;
  readonly blocking: boolean;
};

function TimeInput({
  line,
  n,
  field,
  drafts,
  invalid,
  describedBy,
  placeholder,
  dispatch,
}: {
  line: EditorLine;
  n: number;
  field: TimeField;
  drafts: TranscriptEditorState['drafts'];
  invalid: boolean;
  describedBy: string | undefined;
  placeholder: string;
  dispatch: Dispatch<TranscriptAction>;
}) {
  const t = useT();
  const stored = field === 'start' ? line.start_time : line.end_time;
  const value = drafts[line.key]?.[field] ?? formatTimeInput(stored);
  return (
    <input
      className={`transcript-time transcript-${field}`}
      inputMode="decimal"
      aria-label={t(field === 'start' ? 'transcript.field.start' : 'transcript.field.end', { n })}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder={placeholder}
      value={value}
      onChange={(e) => dispatch({ type: 'time', key: line.key, field, text: e.target.value })}
      onBlur={() => dispatch({ type: 'time-done', key: line.key, field })}
    />
  );
}

function LineRow({
  line,
  stored,
  index,
  drafts,
  issues,
  misspelt,
  wordTimes,
  storedText,
  wordsEditor,
  dispatch,
}: {
  line: EditorLine;
  /** The line as read, for what the editor shows but does not edit. */
  stored: TranscriptRow | undefined;
  index: number;
  drafts: TranscriptEditorState['drafts'];
  issues: readonly FieldIssue[];
  misspelt: readonly Misspelling[];
  wordTimes: readonly WordTime[];
  /** The line's text as stored (undefined for a new line). */
  storedText: string | undefined;
  wordsEditor: WordsEditorProps;
  dispatch: Dispatch<TranscriptAction>;
}) {
  const t = useT();
  const n = index + 1;
  const issueId = issues.length > 0 ? `line-issues-${line.key}` : undefined;
  const spellingId = misspelt.length > 0 ? `line-spelling-${line.key}` : undefined;
  const textDescribedBy = [issueId, spellingId].filter(Boolean).join(' ') || undefined;
  const invalid = (field: string) => issues.some((i) => i.field === field && i.blocking);
  const untimed = line.start_time === null && line.end_time === null;
  const defaultStart = index * DEFAULT_LINE_SPACING_SECONDS;
  const speakers: readonly string[] = TRANSCRIPT_SPEAKERS.includes(
    line.speaker as (typeof TRANSCRIPT_SPEAKERS)[number],
  )
    ? TRANSCRIPT_SPEAKERS
    : [...TRANSCRIPT_SPEAKERS, line.speaker];
  return (
    <div
      className={untimed ? 'transcript-line untimed' : 'transcript-line'}
      role="group"
      aria-label={t('transcript.lineLabel', { n })}
    >
      <span className="transcript-line-number" aria-hidden="true">
        {n}
      </span>
      <select
        className="transcript-speaker"
        aria-label={t('transcript.field.speaker', { n })}
        aria-invalid={invalid('speaker') || undefined}
        value={line.speaker}
        onChange={(e) =>
          dispatch({ type: 'edit', key: line.key, patch: { speaker: e.target.value } })
        }
      >
        {speakers.map((s) => (
          <option key={s} value={s}>
            {speakerLabel(s)}
          </option>
        ))}
      </select>
      {TIME_FIELDS.map((field) => (
        <TimeInput
          key={field}
          invalid={invalid(field)}
          line={line}
          n={n}
          field={field}
          drafts={drafts}
          describedBy={issueId}
          placeholder={formatTimeInput(
            defaultStart + (field === 'end' ? DEFAULT_LINE_LENGTH_SECONDS : 0),
          )}
          dispatch={dispatch}
        />
      ))}
      <input
        className="transcript-text"
        lang="hu"
        aria-label={t('transcript.field.text', { n })}
        aria-invalid={invalid('text') || undefined}
        aria-describedby={textDescribedBy}
        value={line.text_content}
        onChange={(e) =>
          dispatch({ type: 'edit', key: line.key, patch: { text_content: e.target.value } })
        }
      />
      <div className="transcript-line-actions">
        <Button
          variant="ghost"
          aria-label={t('transcript.addLineAfter', { n })}
          title={t('transcript.addLineAfter', { n })}
          onClick={() => dispatch({ type: 'add', after: index })}
        >
          +
        </Button>
        <Button
          variant="ghost"
          aria-label={t('transcript.deleteLine', { n })}
          title={t('transcript.deleteLine', { n })}
          onClick={() => dispatch({ type: 'remove', key: line.key })}
        >
          ×
        </Button>
      </div>
      <div className="transcript-translations">
        {TRANSLATION_LANGUAGES.map((language) => {
          const column = LINE_TRANSLATION_COLUMN[language];
          const name = t(`translations.language.${language}`);
          return (
            <input
              key={language}
              lang={language}
              aria-label={t('transcript.field.translation', { language: name, n })}
              placeholder={name}
              value={line[column] ?? ''}
              onChange={(e) =>
                dispatch({ type: 'edit', key: line.key, patch: { [column]: e.target.value } })
              }
            />
          );
        })}
      </div>
      {spellingId && (
        <SpellingNote
          id={spellingId}
          n={n}
          text={line.text_content}
          found={misspelt}
          onReplace={(text) =>
            dispatch({ type: 'edit', key: line.key, patch: { text_content: text } })
          }
        />
      )}
      <LineWordTimes words={wordTimes} stale={storedText !== line.text_content} />
      {line.id && (
        <LineWordsEditor
          lineId={line.id}
          n={n}
          stale={storedText !== line.text_content}
          {...wordsEditor}
        />
      )}
      {untimed && (
        <p className="transcript-line-note small muted">
          {t('transcript.untimed', {
            start: formatTimeClock(defaultStart),
            end: formatTimeClock(defaultStart + DEFAULT_LINE_LENGTH_SECONDS),
          })}
        </p>
      )}
      {stored && <OtherVersionTimes row={stored} />}
      {issueId && (
        <ul id={issueId} className="transcript-line-issues small">
          {issues.map((issue) => (
            <li
              key={`${issue.field}-${issue.message}`}
              className={issue.blocking ? 'form-error' : 'muted'}
            >
              {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The line table: speaker, start, end, text and the three translations of every line. */
export function TranscriptLines({
  state,
  issues,
  spelling,
  wordTimes,
  wordsEditor,
  dispatch,
}: {
  state: TranscriptEditorState;
  issues: readonly FieldIssue[];
  /** Each text's words the Hungarian dictionary does not know (useLineSpelling). */
  spelling: ReadonlyMap<string, readonly Misspelling[]>;
  wordTimes: ReadonlyMap<string, readonly WordTime[]>;
  wordsEditor: WordsEditorProps;
  dispatch: Dispatch<TranscriptAction>;
}) {
  const t = useT();
  const read = new Map(state.original.map((row) => [row.id, row]));
  return (
    <div className="transcript-table">
      <div className="transcript-head small muted" aria-hidden="true">
        <span>{t('transcript.col.line')}</span>
        <span>{t('transcript.col.speaker')}</span>
        <span>{t('transcript.col.start')}</span>
        <span>{t('transcript.col.end')}</span>
        <span>{t('transcript.col.text')}</span>
      </div>
      {/* Groups, one per line (a list could not hold them: axe's list rule) */}
      <div className="transcript-lines">
        {state.lines.map((line, index) => (
          <LineRow
            key={line.key}
            line={line}
            stored={line.id === null ? undefined : read.get(line.id)}
            index={index}
            drafts={state.drafts}
            issues={issues.filter((i) => i.index === index)}
            misspelt={spelling.get(line.text_content.normalize('NFC')) ?? NONE}
            wordTimes={(line.id && wordTimes.get(line.id)) || []}
            storedText={line.id ? read.get(line.id)?.text_content : undefined}
            wordsEditor={wordsEditor}
            dispatch={dispatch}
          />
        ))}
      </div>
      <Button
        variant="secondary"
        onClick={() => dispatch({ type: 'add', after: state.lines.length - 1 })}
      >
        {t('transcript.addLine')}
      </Button>
    </div>
  );
}
