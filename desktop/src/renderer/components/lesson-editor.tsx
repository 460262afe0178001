import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Span } from '../../shared/silence.ts';
import { useLineActions } from '../line-actions.ts';
import { round2 } from '../format.ts';
import { suggestSpans } from '../suggest.ts';
import { useEditorKeys } from '../use-editor-keys.ts';
import type { EditorPosition } from '../use-editor-keys.ts';
import { useLessonEditor } from '../use-lesson-editor.ts';
import { useSpelling } from '../use-spelling.ts';
import { ChecksPanel } from './checks-panel.tsx';
import { ContentPane } from './content-pane.tsx';
import type { ContentTab } from './content-pane.tsx';
import { LessonDetails } from './lesson-details.tsx';
import { PreviewButton } from './preview-button.tsx';
import type { Edge } from './region-layer.ts';
import { AlignBar } from './align-bar.tsx';
import { StatusLine } from './status-line.tsx';
import { SuggestionBar } from './suggestion-bar.tsx';
import { Transport } from './transport.tsx';
import { Waveform } from './waveform.tsx';
import type { WaveformHandle } from './waveform.tsx';

type Props = { readonly lessonId: number; readonly onChanged: () => void };

/**
 * One lesson: the middle pane (details, waveform with ruler and line regions, playback, checks)
 * and the right pane (the transcript grid or the vocabulary). The keys are `useEditorKeys`'.
 */
export function LessonEditor({ lessonId, onChanged }: Props) {
  const editor = useLessonEditor(lessonId, onChanged);
  const { draft, peaks, history, changeTimes } = editor;
  const [chosen, setSelected] = useState<number | null>(null);
  const [selectedWord, setSelectedWord] = useState<number | null>(null);
  const [edge, setEdge] = useState<Edge>('start');
  const [tab, setTab] = useState<ContentTab>('lines');
  const [loop, setLoop] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [zoom, setZoom] = useState(0);
  const [time, setTime] = useState(0);
  const [suggestion, setSuggestion] = useState<Span[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const caret = useRef<{ lineId: number; position: number } | null>(null);
  const wave = useRef<WaveformHandle>(null);
  const lines = draft?.lines ?? [];
  const spelling = useSpelling(lines);
  // The right pane (hundreds of rows for a long dialogue) renders after the waveform has
  // started: the first picture does not wait for the transcript grid.
  const paneDraft = useDeferredValue(draft);
  // Until the author picks a line, the first one is selected.
  const selected = chosen ?? lines[0]?.id ?? null;
  // What the key handlers read when they run: written after each render, never during one.
  const latest = useRef<EditorPosition>({ lines, selected, edge });
  useLayoutEffect(() => {
    latest.current = { lines, selected, edge };
  });

  const goToLine = useCallback((lineId: number, seek: boolean) => {
    setSelected(lineId);
    setTab('lines');
    const line = latest.current.lines.find((l) => l.id === lineId);
    if (seek && line?.startTime !== null && line?.startTime !== undefined) {
      wave.current?.seek(line.startTime);
    }
  }, []);

  useEditorKeys({
    latest,
    wave,
    history,
    peaks,
    changeTimes,
    linesNow: editor.linesNow,
    setSelected,
    setEdge,
    goToLine,
  });

  useEffect(() => wave.current?.setRate(speed), [speed]);
  useEffect(() => {
    try {
      wave.current?.zoom(zoom);
    } catch {
      // Zooming before the waveform has its duration is harmless to skip.
    }
  }, [zoom]);

  const { actions, splitBlocked } = useLineActions({
    current: () => latest.current.lines,
    lines,
    selected,
    time,
    caret,
    wave,
    setLines: editor.setLines,
    setSelected,
    onNote: setNote,
  });

  if (!draft) return <p className="pane center-pane">Loading…</p>;
  const selectedLine = lines.find((l) => l.id === selected);

  return (
    <>
      <section aria-label="Lesson editor" className="pane center-pane">
        <LessonDetails draft={draft} onChange={editor.updateLesson} />
        <PreviewButton lessonId={lessonId} remoteId={draft.remoteId} />
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
        <AlignBar
          canAlign={peaks !== null && lines.length > 0}
          aligning={editor.aligning}
          note={editor.alignNote}
          onAlign={() => void editor.align()}
        />
        {suggestion && (
          <SuggestionBar
            suggestion={suggestion}
            lines={lines}
            onAccept={(times) => {
              changeTimes('Accept suggested boundaries', times, false);
              setSuggestion(null);
            }}
            onDismiss={() => setSuggestion(null)}
          />
        )}
        <StatusLine savedAt={editor.savedAt} error={editor.error} note={note} />
        <ChecksPanel
          draft={draft}
          spelling={spelling}
          onGoToLine={(lineId) => goToLine(lineId, true)}
          onGoToWord={(wordId) => {
            setSelectedWord(wordId);
            setTab('vocabulary');
          }}
        />
      </section>
      {paneDraft ? (
        <ContentPane
          draft={paneDraft}
          tab={tab}
          onTab={setTab}
          lineGrid={{
            selectedId: selected,
            onSelect: (lineId) => goToLine(lineId, true),
            onEdit: editor.updateLine,
            onWordTimes: editor.changeWordTimes,
            onEditTokens: editor.editTokens,
            onCaret: (lineId, position) => {
              caret.current = { lineId, position };
            },
            actions,
            splitBlocked,
          }}
          vocabulary={{
            lessonId,
            selectedWordId: selectedWord,
            onEdit: editor.updateWord,
            onMatch: editor.matchWord,
            onAdd: editor.addWord,
          }}
        />
      ) : (
        <p className="pane side-pane">Loading…</p>
      )}
    </>
  );
}
