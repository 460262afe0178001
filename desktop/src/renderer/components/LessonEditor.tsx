import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createHistory } from '../../shared/history.ts';
import type { Command } from '../../shared/history.ts';
import type {
  LessonDraft,
  LessonLevel,
  LineTimes,
  Peaks,
  TranscriptLine,
} from '../../shared/model.ts';
import { LEVELS } from '../../shared/model.ts';
import type { Span } from '../../shared/silence.ts';
import { decodePeaks } from '../../shared/peaks-codec.ts';
import { suggestLineSpans } from '../../shared/silence.ts';
import { formatTime, round2 } from '../format.ts';
import { studio } from '../studio.ts';
import { VocabularyPanel } from './VocabularyPanel.tsx';
import { Waveform } from './Waveform.tsx';
import type { WaveformHandle } from './Waveform.tsx';

type Props = { readonly lessonId: number; readonly onChanged: () => void };

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5];

export function LessonEditor({ lessonId, onChanged }: Props) {
  const [draft, setDraft] = useState<LessonDraft | null>(null);
  const [peaks, setPeaks] = useState<Peaks | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [loop, setLoop] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [zoom, setZoom] = useState(0);
  const [time, setTime] = useState(0);
  const [suggestion, setSuggestion] = useState<Span[] | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const history = useMemo(() => createHistory(), []);
  const wave = useRef<WaveformHandle>(null);

  const reload = useCallback(async () => {
    setDraft(await studio().getDraft(lessonId));
  }, [lessonId]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [nextDraft, nextPeaks, nextUrl] = await Promise.all([
        studio().getDraft(lessonId),
        studio().getPeaks(lessonId),
        studio().mediaUrl({ kind: 'dialogue', lessonId }),
      ]);
      if (!live) return;
      setDraft(nextDraft);
      setPeaks(nextPeaks);
      setUrl(nextUrl);
      setSelected(nextDraft?.lines[0]?.id ?? null);
    })();
    return () => {
      live = false;
    };
  }, [lessonId]);

  const lines = draft?.lines ?? [];

  /** Applies new times locally at once, then saves them (autosave); undoable. */
  const changeTimes = useCallback(
    (label: string, next: readonly LineTimes[]) => {
      const before = next.map((t) => {
        const line = lines.find((l) => l.id === t.id);
        return { id: t.id, startTime: line?.startTime ?? null, endTime: line?.endTime ?? null };
      });
      const apply = (times: readonly LineTimes[]) => async () => {
        setDraft(
          (current) =>
            current && {
              ...current,
              lines: current.lines.map((line) => {
                const t = times.find((x) => x.id === line.id);
                return t ? { ...line, startTime: t.startTime, endTime: t.endTime } : line;
              }),
            },
        );
        await studio().setLineTimes(lessonId, [...times]);
        setSaved(new Date().toLocaleTimeString());
        setTick((n) => n + 1);
      };
      const command: Command = { label, apply: apply(next), revert: apply(before) };
      void history.execute(command);
    },
    [history, lessonId, lines],
  );

  const onRegionChange = useCallback(
    (lineId: number, start: number, end: number) => {
      changeTimes('Move line', [{ id: lineId, startTime: round2(start), endTime: round2(end) }]);
    },
    [changeTimes],
  );

  const markAt = useCallback(
    (side: 'start' | 'end') => {
      const index = lines.findIndex((line) => line.id === selected);
      const line = lines[index];
      if (!line || !wave.current) return;
      const now = round2(wave.current.currentTime());
      if (side === 'start') {
        changeTimes('Set start', [
          {
            id: line.id,
            startTime: now,
            endTime: line.endTime !== null && line.endTime >= now ? line.endTime : null,
          },
        ]);
      } else {
        const start = line.startTime !== null && line.startTime <= now ? line.startTime : now;
        changeTimes('Set end', [{ id: line.id, startTime: start, endTime: now }]);
        const next = lines[index + 1];
        if (next) setSelected(next.id);
      }
    },
    [changeTimes, lines, selected],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === '[') markAt('start');
      else if (event.key === ']') markAt('end');
      else if (event.key === ' ') {
        event.preventDefault();
        wave.current?.playPause();
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        void (event.shiftKey ? history.redo() : history.undo());
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history, markAt]);

  useEffect(() => wave.current?.setRate(speed), [speed]);
  useEffect(() => {
    try {
      wave.current?.zoom(zoom);
    } catch {
      // Zooming before the waveform has its duration is harmless to skip.
    }
  }, [zoom]);

  if (!draft) return <p>Loading…</p>;

  const saveMeta = async (patch: {
    title?: string;
    level?: LessonLevel;
    lessonNumber?: number | null;
  }) => {
    await studio().updateLesson(lessonId, patch);
    setSaved(new Date().toLocaleTimeString());
    onChanged();
  };

  const selectedLine: TranscriptLine | undefined = lines.find((l) => l.id === selected);

  return (
    <section aria-label="Lesson editor" className="editor">
      <div className="meta">
        <label>
          Title{' '}
          <input
            defaultValue={draft.title}
            onBlur={(e) => void saveMeta({ title: e.currentTarget.value.trim() })}
          />
        </label>
        <label>
          Lesson number{' '}
          <input
            type="number"
            min={1}
            defaultValue={draft.lessonNumber ?? ''}
            onBlur={(e) => {
              const n = Number(e.currentTarget.value);
              void saveMeta({ lessonNumber: Number.isInteger(n) && n >= 1 ? n : null });
            }}
          />
        </label>
        <label>
          Level{' '}
          <select
            defaultValue={draft.level}
            onChange={(e) => void saveMeta({ level: e.currentTarget.value as LessonLevel })}
          >
            {LEVELS.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </select>
        </label>
        <span role="status" aria-label="Save status">
          {saved ? `Saved ${saved}` : 'All changes are saved automatically'}
        </span>
      </div>

      {peaks ? (
        <>
          <Waveform
            ref={wave}
            peaks={peaks}
            url={url}
            lines={lines}
            selectedLineId={selected}
            loop={loop}
            onRegionChange={onRegionChange}
            onSelect={setSelected}
            onTime={setTime}
          />
          <div className="transport" role="toolbar" aria-label="Playback">
            <button type="button" onClick={() => wave.current?.playPause()}>
              Play/Pause
            </button>
            <button
              type="button"
              disabled={!selectedLine}
              onClick={() => selectedLine && wave.current?.playLine(selectedLine.id)}
            >
              Play line
            </button>
            <label>
              <input
                type="checkbox"
                checked={loop}
                onChange={(e) => setLoop(e.currentTarget.checked)}
              />{' '}
              Loop
            </label>
            <label>
              Speed{' '}
              <select value={speed} onChange={(e) => setSpeed(Number(e.currentTarget.value))}>
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
                value={zoom}
                onChange={(e) => setZoom(Number(e.currentTarget.value))}
              />
            </label>
            <output aria-label="Playhead">{formatTime(time)}</output>
            <button type="button" disabled={!history.canUndo()} onClick={() => void history.undo()}>
              Undo
            </button>
            <button type="button" disabled={!history.canRedo()} onClick={() => void history.redo()}>
              Redo
            </button>
            <button
              type="button"
              onClick={() =>
                setSuggestion(
                  suggestLineSpans(decodePeaks(peaks.data), peaks.peaksPerSecond, lines.length),
                )
              }
            >
              Suggest boundaries
            </button>
          </div>
          <p className="hint">
            While playing, press [ to set the selected line’s start and ] to set its end and move to
            the next line.
          </p>
        </>
      ) : (
        <p>No waveform: this lesson has no readable dialogue audio.</p>
      )}

      {suggestion && (
        <div role="region" aria-label="Suggested boundaries" className="suggestion">
          <p>
            {suggestion.length} lines suggested from silences. Accept them all, or adjust the
            regions after accepting.
          </p>
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
        <tbody>
          {lines.map((line) => (
            <tr
              key={line.id}
              aria-selected={line.id === selected}
              className={line.id === selected ? 'selected' : undefined}
              onClick={() => setSelected(line.id)}
            >
              <td>{line.lineNumber}</td>
              <td>{line.speaker.toUpperCase()}</td>
              <td>{line.text}</td>
              <td data-testid={`start-${line.lineNumber}`}>{formatTime(line.startTime)}</td>
              <td data-testid={`end-${line.lineNumber}`}>{formatTime(line.endTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <VocabularyPanel
        lessonId={lessonId}
        draft={draft}
        onChanged={() => void reload().then(onChanged)}
      />
    </section>
  );
}
