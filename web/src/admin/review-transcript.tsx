import { useRef, useState, type Dispatch } from 'react';
import {
  isBlockingTranscriptIssue,
  readTranscript,
  type CsvIssue,
  type ImportedTranscriptLine,
} from '@magyarul/core/csv';
import { checkUpload } from '@magyarul/core/files';
import { formatTimeClock, type IncomingLine } from '@magyarul/core/lessons';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { ChoiceButtons, LabelledInput } from './shared.tsx';
import {
  textViewNotices,
  type TranscriptAction,
  type TranscriptEditorState,
  type TranscriptView,
} from './transcript-editor-state.ts';
import { FormatHelp, PasteDialog } from './transcript-dialogs.tsx';
import type { WordTime } from './line-tokens.ts';
import { TranscriptLines, type FieldIssue } from './transcript-lines.tsx';
import type { WordsEditorProps } from './line-words-editor.tsx';
import { useLineSpelling } from './spelling/use-line-spelling.ts';

// A line read from a file, as the merge takes it: translations only where the file had them.
function toIncoming(line: ImportedTranscriptLine): IncomingLine {
  const { row: _row, line_number: _n, ...rest } = line;
  return rest;
}

/** Section 3 of the review page: the line table or the text view, and the transcript files. */
export function ReviewTranscript({
  lessonId,
  state,
  dispatch,
  issues,
  audioSeconds,
  wordTimes,
  wordsEditor,
  saving,
  onSave,
}: {
  lessonId: string;
  state: TranscriptEditorState;
  dispatch: Dispatch<TranscriptAction>;
  issues: readonly FieldIssue[];
  audioSeconds: number | null;
  /** Each stored line's word times, by line id. */
  wordTimes: ReadonlyMap<string, readonly WordTime[]>;
  /** Each line's tokens, edited in the line's Words. */
  wordsEditor: WordsEditorProps;
  saving: boolean;
  onSave: () => void;
}) {
  const t = useT();
  const [pasteOpen, setPasteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [fileIssues, setFileIssues] = useState<CsvIssue[]>([]);
  const csvInput = useRef<HTMLInputElement>(null);
  const hadTranscript = state.original.length > 0;
  const uploadLabel = hadTranscript ? t('transcript.uploadNewCsv') : t('transcript.uploadCsvFile');
  const notices = textViewNotices(state);
  const blocking = issues.filter((i) => i.blocking);
  const spelling = useLineSpelling(
    lessonId,
    state.lines.map((line) => line.text_content.normalize('NFC')),
  );

  // The review page's rules: malformed lines are skipped and listed, anything else refuses the
  // whole file (never a partial transcript).
  const load = (result: ReturnType<typeof readTranscript>, failed: string): boolean => {
    // File-level problems are the toast; the rows it names stay listed under the editor.
    setFileIssues(result.issues.filter((i) => i.row !== null));
    if (result.items.length === 0) {
      const fatal =
        result.issues.find((i) => i.code === 'no-transcript-lines') ??
        result.issues.find(isBlockingTranscriptIssue);
      notify.error(fatal ? t(fatal.key, fatal.params) : failed);
      return false;
    }
    dispatch({ type: 'incoming', lines: result.items.map(toIncoming) });
    notify.success(t('transcript.loaded', { n: result.items.length }));
    return true;
  };

  const onCsv = async (file: File | undefined) => {
    if (!file) return;
    const check = checkUpload('review-transcript-csv', file);
    if (!check.ok) {
      notify.error(t(check.key, check.params));
      return;
    }
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      load(readTranscript(bytes, { skipMalformedLines: true }), t('transcript.csvParseFailed'));
    } catch {
      notify.error(t('transcript.csvParseFailed'));
    }
  };

  const onPaste = (text: string): boolean => {
    try {
      return load(
        readTranscript(text, { skipMalformedLines: true, pasted: true }),
        t('transcript.pasteParseFailed'),
      );
    } catch {
      notify.error(t('transcript.pasteParseFailed'));
      return false;
    }
  };

  const viewLabel: Record<TranscriptView, string> = {
    table: t('transcript.viewTable'),
    text: t('transcript.viewText'),
  };

  return (
    <section className="card stack" aria-labelledby="transcript-heading">
      <div className="admin-toolbar">
        <h2 id="transcript-heading">3. {t('reviewPage.section.transcript')}</h2>
        <ChoiceButtons
          label={t('reviewPage.section.transcript')}
          labels={viewLabel}
          value={state.view}
          onChoose={(view) => dispatch({ type: 'view', view })}
        />
      </div>
      {audioSeconds !== null && (
        <p className="small muted">
          {t('transcript.audioLength', { duration: formatTimeClock(audioSeconds) })}
        </p>
      )}
      {!hadTranscript && state.lines.length === 0 && state.text === '' && (
        <p className="muted">{t('transcript.empty')}</p>
      )}
      {state.view === 'table' ? (
        <TranscriptLines
          state={state}
          issues={issues}
          spelling={spelling}
          wordTimes={wordTimes}
          wordsEditor={wordsEditor}
          dispatch={dispatch}
        />
      ) : (
        <>
          <p className="small muted">{t('transcript.textViewHint')}</p>
          <LabelledInput label={t('adminUi.transcriptText')}>
            {(id) => (
              <textarea
                id={id}
                rows={20}
                lang="hu"
                value={state.text}
                onChange={(e) => dispatch({ type: 'text', text: e.target.value })}
              />
            )}
          </LabelledInput>
          {notices.length > 0 && (
            <ul className="small muted">
              {notices.map((n) => (
                <li key={`${n.code}-${n.row ?? 'file'}`}>{t(n.key, n.params)}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {fileIssues.length > 0 && (
        <ul className="admin-issues small" aria-label={uploadLabel}>
          {fileIssues.map((issue, i) => (
            <li key={`${issue.code}-${issue.row ?? 'file'}-${i}`}>{t(issue.key, issue.params)}</li>
          ))}
        </ul>
      )}
      {state.view === 'text' && blocking.length > 0 && (
        <ul className="admin-issues small" role="alert">
          {blocking.map((issue) => (
            <li key={`${issue.index}-${issue.field}-${issue.message}`}>{issue.message}</li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <Button onClick={onSave} disabled={saving}>
          {t('transcript.saveChanges')}
        </Button>
        <Button variant="secondary" onClick={() => csvInput.current?.click()}>
          {uploadLabel}
        </Button>
        <input
          ref={csvInput}
          type="file"
          accept=".csv,text/csv,.txt,text/plain"
          hidden
          aria-label={uploadLabel}
          onChange={(e) => {
            void onCsv(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="secondary" onClick={() => setPasteOpen(true)}>
          {t('transcript.pasteContent')}
        </Button>
        <Button variant="ghost" onClick={() => setHelpOpen(true)}>
          {t('transcript.formatHelp')}
        </Button>
      </div>
      <PasteDialog open={pasteOpen} onClose={() => setPasteOpen(false)} onLoad={onPaste} />
      <FormatHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
