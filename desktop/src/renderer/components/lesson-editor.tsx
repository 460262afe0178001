import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranscriptLine } from '../../shared/model.ts';
import type { Span } from '../../shared/silence.ts';
import {
  deleteLine,
  insertLineAfter,
  mergeWithNext,
  splitLine,
  toInputs,
} from '../../shared/transcript-edits.ts';
import { round2 } from '../format.ts';
import { suggestSpans } from '../suggest.ts';
import { useLessonEditor } from '../use-lesson-editor.ts';
import { ChecksPanel } from './checks-panel.tsx';
import { LessonDetails } from './lesson-details.tsx';
import { LineGrid } from './line-grid.tsx';
import type { Edge } from './region-layer.ts';
import { Transport } from './transport.tsx';
import { VocabularyPanel } from './vocabulary-panel.tsx';
import { Waveform } from './waveform.tsx';
import type { WaveformHandle } from './waveform.tsx';

type Props = { readonly lessonId: number; readonly onChanged: () => void };
type Tab = 'lines' | 'vocabulary';

const isField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
/** Keys typed in a dialog (publishing) belong to it, not to the editor behind it. */
const inDialog = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest('[role="dialog"]') !== null;

/**
 * One lesson: the middle pane (details, waveform with ruler and line regions, playback, checks)
 * and the right pane (the transcript grid or the vocabulary). Keys: Space plays, [ and ] set the
 * selected line's start and end at the playhead, Alt+←/→ nudge the chosen boundary by 10 ms
 * (with Shift by 100 ms), ↑/↓ move between lines, Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes.
 */
export function LessonEditor({ lessonId, onChanged }: Props) {
  const editor = useLessonEditor(lessonId, onChanged);
  const { draft, peaks, history } = editor;
  const [selected, setSelected] = useState<number | null>(null);
  const [selectedWord, setSelectedWord] = useState<number | null>(null);
  const [edge, setEdge] = useState<Edge>('start');
  const [tab, setTab] = useState<Tab>('lines');
  const [loop, setLoop] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [zoom, setZoom] = useState(0);
  const [time, setTime] = useState(0);
  const [suggestion, setSuggestion] = useState<Span[] | null>(null);
  const caret = useRef<{ lineId: number; position: number } | null>(null);
  const wave = useRef<WaveformHandle>(null);
  const lines = draft?.lines ?? [];
  const latest = useRef({ lines, selected, edge });
  latest.current = { lines, selected, edge };

  useEffect(() => {
    if (selected === null && draft?.lines[0]) setSelected(draft.lines[0].id);
  }, [draft, selected]);

  const goToLine = useCallback((lineId: number, seek: boolean) => {
    setSelected(lineId);
    setTab('lines');
    const line = latest.current.lines.find((l) => l.id === lineId);
    if (seek && line?.startTime !== null && line?.startTime !== undefined) {
      wave.current?.seek(line.startTime);
    }
  }, []);

  const { changeTimes } = editor;
  const markAt = useCallback(
    (side: Edge) => {
      const { lines: all, selected: id } = latest.current;
      const index = all.findIndex((line) => line.id === id);
      const line = all[index];
      if (!line || !wave.current) return;
      const now = round2(wave.current.currentTime());
      setEdge(side);
      if (side === 'start') {
        const end = line.endTime !== null && line.endTime >= now ? line.endTime : null;
        changeTimes('Set start', [{ id: line.id, startTime: now, endTime: end }]);
      } else {
        const start = line.startTime !== null && line.startTime <= now ? line.startTime : now;
        changeTimes('Set end', [{ id: line.id, startTime: start, endTime: now }]);
        const next = all[index + 1];
        if (next) setSelected(next.id);
      }
    },
    [changeTimes],
  );

  const nudge = useCallback(
    (delta: number) => {
      const { lines: all, selected: id, edge: side } = latest.current;
      const line = all.find((l) => l.id === id);
      const duration = peaks?.duration ?? Number.POSITIVE_INFINITY;
      if (!line || line.startTime === null || line.endTime === null) return;
      const start =
        side === 'start'
          ? round2(Math.min(Math.max(0, line.startTime + delta), line.endTime - 0.01))
          : line.startTime;
      const end =
        side === 'end'
          ? round2(Math.max(Math.min(duration, line.endTime + delta), line.startTime + 0.01))
          : line.endTime;
      if (start === line.startTime && end === line.endTime) return;
      changeTimes(`Nudge ${side}`, [{ id: line.id, startTime: start, endTime: end }]);
    },
    [changeTimes, peaks],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (inDialog(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        if (isField(event.target)) return; // the field's own undo while typing
        event.preventDefault();
        void (event.shiftKey ? history.redo() : history.undo());
        return;
      }
      if (mod && key === 'y') {
        if (isField(event.target)) return;
        event.preventDefault();
        void history.redo();
        return;
      }
      if (isField(event.target)) return;
      if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
        event.preventDefault();
        const step = event.shiftKey ? 0.1 : 0.01;
        nudge(event.key === 'ArrowLeft' ? -step : step);
      } else if (event.key === '[') markAt('start');
      else if (event.key === ']') markAt('end');
      else if (event.key === ' ') {
        event.preventDefault();
        wave.current?.playPause();
      } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        const { lines: all, selected: id } = latest.current;
        const index = all.findIndex((l) => l.id === id);
        const next = all[index + (event.key === 'ArrowUp' ? -1 : 1)];
        if (next) {
          event.preventDefault();
          goToLine(next.id, true);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goToLine, history, markAt, nudge]);

  useEffect(() => wave.current?.setRate(speed), [speed]);
  useEffect(() => {
    try {
      wave.current?.zoom(zoom);
    } catch {
      // Zooming before the waveform has its duration is harmless to skip.
    }
  }, [zoom]);

  if (!draft) return <p className="pane center-pane">Loading…</p>;

  const selectedLine: TranscriptLine | undefined = lines.find((l) => l.id === selected);
  const inputs = () => toInputs(latest.current.lines);
  const selectAt = (index: number) => (all: readonly TranscriptLine[]) => {
    const line = all[Math.min(index, all.length - 1)];
    if (line) setSelected(line.id);
  };
  const selectedIndex = lines.findIndex((l) => l.id === selected);
  const splitBlocked =
    !selectedLine || selectedLine.startTime === null || selectedLine.endTime === null
      ? 'Time the line first: the split falls at the playhead.'
      : time <= selectedLine.startTime || time >= selectedLine.endTime
        ? 'Move the playhead inside the selected line to split it there.'
        : null;
  const actions = {
    add: () =>
      editor.setLines('Add line', insertLineAfter(inputs(), selected), selectAt(selectedIndex + 1)),
    split: () => {
      if (selected === null) return;
      const at = caret.current?.lineId === selected ? caret.current.position : null;
      const next = splitLine(inputs(), selected, wave.current?.currentTime() ?? time, at);
      if (next) editor.setLines('Split line', next, selectAt(selectedIndex));
    },
    merge: () => {
      if (selected === null) return;
      const next = mergeWithNext(inputs(), selected);
      if (next) editor.setLines('Merge lines', next, selectAt(selectedIndex));
    },
    remove: () => {
      if (selected === null) return;
      editor.setLines('Delete line', deleteLine(inputs(), selected), selectAt(selectedIndex));
    },
  };

  return (
    <>
      <section aria-label="Lesson editor" className="pane center-pane">
        <LessonDetails draft={draft} onChange={editor.updateLesson} />
        {peaks ? (
          <>
            <Waveform
              ref={wave}
              peaks={peaks}
              url={editor.url}
              lines={lines}
              selectedLineId={selected}
              loop={loop}
              onRegionChange={(lineId, start, end) =>
                changeTimes('Move line', [
                  { id: lineId, startTime: round2(start), endTime: round2(end) },
                ])
              }
              onSelect={(lineId) => goToLine(lineId, false)}
              onEdge={(lineId, side) => {
                goToLine(lineId, false);
                setEdge(side);
              }}
              onTime={setTime}
            />
            <Transport
              time={time}
              canPlayLine={selectedLine !== undefined}
              loop={loop}
              speed={speed}
              zoom={zoom}
              edge={edge}
              history={history}
              onPlayPause={() => wave.current?.playPause()}
              onPlayLine={() => selectedLine && wave.current?.playLine(selectedLine.id)}
              onLoop={setLoop}
              onSpeed={setSpeed}
              onZoom={setZoom}
              onEdge={setEdge}
              onSuggest={() =>
                void suggestSpans(peaks, lines.length).then(setSuggestion, () => undefined)
              }
            />
          </>
        ) : (
          <p className="no-audio">No waveform: this lesson has no readable dialogue audio.</p>
        )}
        {suggestion && (
          <div role="region" aria-label="Suggested boundaries" className="suggestion">
            <span>
              {suggestion.length} lines suggested from silences: accept them all, then adjust.
            </span>
            <button
              type="button"
              onClick={() => {
                changeTimes(
                  'Accept suggested boundaries',
                  lines.map((line, i) => ({
                    id: line.id,
                    startTime: suggestion[i]?.start ?? line.startTime,
                    endTime: suggestion[i]?.end ?? line.endTime,
                  })),
                );
                setSuggestion(null);
              }}
            >
              Accept suggestions
            </button>
            <button type="button" onClick={() => setSuggestion(null)}>
              Dismiss
            </button>
          </div>
        )}
        <p className="status-line">
          <span role="status" aria-label="Save status">
            {editor.savedAt ? `Saved ${editor.savedAt}` : 'Every change is saved as you make it'}
          </span>
          {editor.error && <span role="alert">{editor.error}</span>}
          <span className="hint">
            [ and ] set start and end at the playhead · Alt+←/→ nudge 10 ms, Shift+Alt 100 ms
          </span>
        </p>
        <ChecksPanel
          draft={draft}
          onGoToLine={(lineId) => goToLine(lineId, true)}
          onGoToWord={(wordId) => {
            setSelectedWord(wordId);
            setTab('vocabulary');
          }}
        />
      </section>
      <section aria-label="Transcript and vocabulary" className="pane side-pane">
        <div role="tablist" aria-label="Lesson content" className="tabs">
          {(['lines', 'vocabulary'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
            >
              {name === 'lines' ? `Lines (${lines.length})` : `Vocabulary (${draft.words.length})`}
            </button>
          ))}
        </div>
        {tab === 'lines' ? (
          <LineGrid
            lines={lines}
            selectedId={selected}
            onSelect={(lineId) => goToLine(lineId, true)}
            onEdit={editor.updateLine}
            onCaret={(lineId, position) => {
              caret.current = { lineId, position };
            }}
            actions={actions}
            splitBlocked={splitBlocked}
          />
        ) : (
          <VocabularyPanel
            lessonId={lessonId}
            draft={draft}
            selectedWordId={selectedWord}
            onEdit={editor.updateWord}
            onMatch={editor.matchWord}
          />
        )}
      </section>
    </>
  );
}
