import type { History } from '../../shared/history.ts';
import { formatTime } from '../format.ts';
import type { Edge } from './region-layer.ts';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5];

type Props = {
  readonly time: number;
  readonly canPlayLine: boolean;
  readonly loop: boolean;
  readonly speed: number;
  readonly zoom: number;
  readonly edge: Edge;
  readonly history: History;
  readonly onPlayPause: () => void;
  readonly onPlayLine: () => void;
  readonly onLoop: (on: boolean) => void;
  readonly onSpeed: (speed: number) => void;
  readonly onZoom: (pxPerSecond: number) => void;
  readonly onEdge: (edge: Edge) => void;
  readonly onSuggest: () => void;
};

/** Playback, zoom, which boundary the nudge keys move, undo/redo and the silence suggestion. */
export function Transport(props: Props) {
  const { history } = props;
  return (
    <div className="transport" role="toolbar" aria-label="Playback">
      <button type="button" onClick={props.onPlayPause} title="Space">
        Play/Pause
      </button>
      <button type="button" disabled={!props.canPlayLine} onClick={props.onPlayLine}>
        Play line
      </button>
      <label>
        <input
          type="checkbox"
          checked={props.loop}
          onChange={(e) => props.onLoop(e.currentTarget.checked)}
        />{' '}
        Loop
      </label>
      <label>
        Speed{' '}
        <select value={props.speed} onChange={(e) => props.onSpeed(Number(e.currentTarget.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <label>
        Zoom{' '}
        <input
          type="range"
          min={0}
          max={400}
          value={props.zoom}
          onChange={(e) => props.onZoom(Number(e.currentTarget.value))}
        />
      </label>
      <output aria-label="Playhead">{formatTime(props.time)}</output>
      <fieldset className="edge" aria-label="Nudge boundary">
        <span title="Alt+←/→ moves it by 10 ms, Shift+Alt+←/→ by 100 ms">Nudge</span>
        {(['start', 'end'] as const).map((edge) => (
          <label key={edge}>
            <input
              type="radio"
              name="edge"
              checked={props.edge === edge}
              onChange={() => props.onEdge(edge)}
            />
            {edge}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        disabled={!history.canUndo()}
        title={`Ctrl+Z${history.undoLabel() ? `: ${history.undoLabel()}` : ''}`}
        onClick={() => void history.undo()}
      >
        Undo
      </button>
      <button
        type="button"
        disabled={!history.canRedo()}
        title={`Ctrl+Y or Ctrl+Shift+Z${history.redoLabel() ? `: ${history.redoLabel()}` : ''}`}
        onClick={() => void history.redo()}
      >
        Redo
      </button>
      <button type="button" onClick={props.onSuggest}>
        Suggest boundaries
      </button>
    </div>
  );
}
