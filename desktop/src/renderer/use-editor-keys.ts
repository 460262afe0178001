import { useCallback, useEffect } from 'react';
import type { RefObject } from 'react';
import type { History } from '../shared/history.ts';
import type { LineTimes, Peaks, TranscriptLine } from '../shared/model.ts';
import type { Edge } from './components/region-layer.ts';
import type { WaveformHandle } from './components/waveform.tsx';
import { round2 } from './format.ts';

/** What the key handlers read at the moment a key is pressed (kept in a ref, not in deps). */
export type EditorPosition = {
  readonly lines: readonly TranscriptLine[];
  readonly selected: number | null;
  readonly edge: Edge;
};

type Options = {
  readonly latest: RefObject<EditorPosition>;
  readonly wave: RefObject<WaveformHandle | null>;
  readonly history: History;
  readonly peaks: Peaks | null;
  readonly changeTimes: (label: string, next: readonly LineTimes[]) => void;
  /** The lines as shown this instant: nudges repeat faster than React renders. */
  readonly linesNow: () => readonly TranscriptLine[];
  readonly setSelected: (lineId: number) => void;
  readonly setEdge: (edge: Edge) => void;
  readonly goToLine: (lineId: number, seek: boolean) => void;
};

const isField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
/** Keys typed in a dialog (publishing) belong to it, not to the editor behind it. */
const inDialog = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest('[role="dialog"]') !== null;

/**
 * The editor's keys: Space plays, [ and ] set the selected line's start and end at the playhead,
 * Alt+←/→ nudge the chosen boundary by 10 ms (with Shift by 100 ms), ↑/↓ move between lines,
 * Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes. Keys typed in a field or a dialog are theirs.
 */
export function useEditorKeys(options: Options) {
  const { latest, wave, history, peaks, changeTimes, linesNow, setSelected, setEdge, goToLine } =
    options;

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
    [changeTimes, latest, setEdge, setSelected, wave],
  );

  const nudge = useCallback(
    (delta: number) => {
      const { selected: id, edge: side } = latest.current;
      const line = linesNow().find((l) => l.id === id);
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
    [changeTimes, latest, linesNow, peaks],
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
  }, [goToLine, history, latest, markAt, nudge, wave]);
}
