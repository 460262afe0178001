import { Fragment, useEffect, useRef, useState } from 'react';
import { isTimed } from '../../shared/checks.ts';
import type {
  LinePatch,
  LineTokens,
  TokenEdit,
  TranscriptLine,
  VocabularyWord,
} from '../../shared/model.ts';
import { SPEAKERS } from '../../shared/model.ts';
import { EditableText } from './editable-text.tsx';
import { LineTimeCells } from './line-time-cells.tsx';
import { WordEdits } from './word-edits.tsx';
import { WordTimes } from './word-times.tsx';

/** The toolbar's edits of the line list, each on the selected line. */
export type LineActions = {
  readonly add: () => void;
  readonly split: () => void;
  readonly merge: () => void;
  readonly remove: () => void;
};

type Props = {
  readonly lines: readonly TranscriptLine[];
  /** Each line's words with their times. */
  readonly tokens: readonly LineTokens[];
  readonly onWordTimes: (lineId: number, position: number, start: number, end: number) => void;
  /** The lesson's words (a word of a line may be a form of one). */
  readonly words: readonly VocabularyWord[];
  readonly onEditTokens: (
    lineId: number,
    changes: readonly { position: number; edit: TokenEdit | null }[],
  ) => void;
  readonly selectedId: number | null;
  readonly onSelect: (lineId: number) => void;
  readonly onEdit: (label: string, lineId: number, patch: LinePatch) => void;
  readonly onCaret: (lineId: number, position: number) => void;
  readonly actions: LineActions;
  /** Why split is not possible now (the playhead is outside the selected line), or null. */
  readonly splitBlocked: string | null;
};

const TRANSLATIONS = [
  ['translationEn', 'English', 'EN'],
  ['translationDe', 'German', 'DE'],
  ['translationEs', 'Spanish', 'ES'],
] as const;

/**
 * The right pane's transcript: one row per line with its speaker and text editable in place,
 * its times (untimed lines marked), and for the selected line (or every line, when asked) its
 * English, German and Spanish translations. The toolbar adds, splits, merges and deletes.
 */
export function LineGrid({
  lines,
  tokens,
  onWordTimes,
  words,
  onEditTokens,
  selectedId,
  onSelect,
  onEdit,
  onCaret,
  actions,
  splitBlocked,
}: Props) {
  const [allTranslations, setAllTranslations] = useState(false);
  const body = useRef<HTMLTableSectionElement>(null);
  const selectedIndex = lines.findIndex((line) => line.id === selectedId);
  const lineTokens = (lineId: number) => tokens.find((t) => t.lineId === lineId)?.tokens ?? [];

  // Keep the selected row in view when the selection moves from the waveform or the keys.
  useEffect(() => {
    body.current?.querySelector('tr[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <section aria-label="Transcript lines" className="line-grid">
      <div className="toolbar" role="toolbar" aria-label="Line actions">
        <button type="button" onClick={actions.add}>
          Add line
        </button>
        <button
          type="button"
          disabled={selectedIndex < 0 || splitBlocked !== null}
          title={splitBlocked ?? 'Split the selected line at the playhead'}
          onClick={actions.split}
        >
          Split at playhead
        </button>
        <button
          type="button"
          disabled={selectedIndex < 0 || selectedIndex === lines.length - 1}
          onClick={actions.merge}
        >
          Merge with next
        </button>
        <button type="button" disabled={selectedIndex < 0} onClick={actions.remove}>
          Delete line
        </button>
        <label className="toggle">
          <input
            type="checkbox"
            checked={allTranslations}
            onChange={(e) => setAllTranslations(e.currentTarget.checked)}
          />{' '}
          Show all translations
        </label>
      </div>
      <table aria-label="Transcript">
        <thead>
          <tr>
            <th>#</th>
            <th>Speaker</th>
            <th>Line</th>
            <th>Start</th>
            <th>End</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {lines.map((line) => {
            const selected = line.id === selectedId;
            const timed = isTimed(line);
            return (
              <Fragment key={line.id}>
                <tr
                  aria-selected={selected}
                  className={
                    [selected ? 'selected' : '', timed ? '' : 'untimed'].join(' ').trim() ||
                    undefined
                  }
                  data-untimed={timed ? undefined : 'true'}
                  data-line={line.lineNumber}
                  onClick={() => onSelect(line.id)}
                >
                  <td className="num">{line.lineNumber}</td>
                  <td className="speaker">
                    <select
                      aria-label={`Speaker of line ${line.lineNumber}`}
                      value={line.speaker}
                      onChange={(e) =>
                        onEdit('Change speaker', line.id, { speaker: e.currentTarget.value })
                      }
                    >
                      {[...new Set([...SPEAKERS, line.speaker])].map((speaker) => (
                        <option key={speaker} value={speaker}>
                          {speaker.toUpperCase()}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="text">
                    <EditableText
                      label={`Text of line ${line.lineNumber}`}
                      value={line.text}
                      onCommit={(text) => onEdit('Edit line', line.id, { text })}
                      onCaret={(position) => onCaret(line.id, position)}
                    />
                  </td>
                  <LineTimeCells line={line} />
                </tr>
                {(selected || allTranslations) && (
                  <tr className={`translations${selected ? ' selected' : ''}`}>
                    <td />
                    <td colSpan={4}>
                      {TRANSLATIONS.map(([field, language, code]) => (
                        <label key={field} className="translation">
                          <span>{code}</span>
                          <EditableText
                            label={`${language} translation of line ${line.lineNumber}`}
                            value={line[field]}
                            placeholder={`${language} translation`}
                            onCommit={(value) =>
                              onEdit(`Edit ${language} translation`, line.id, { [field]: value })
                            }
                          />
                        </label>
                      ))}
                      {selected && (
                        <>
                          <WordTimes
                            line={line}
                            tokens={lineTokens(line.id)}
                            onChange={onWordTimes}
                          />
                          <WordEdits
                            line={line}
                            tokens={lineTokens(line.id)}
                            words={words}
                            onEdit={onEditTokens}
                          />
                        </>
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
