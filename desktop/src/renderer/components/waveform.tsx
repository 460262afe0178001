import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import type { Peaks, TranscriptLine } from '../../shared/model.ts';
import { decodePeaks } from '../../shared/peaks-codec.ts';
import { formatTime } from '../format.ts';
import { RegionLayer } from './region-layer.ts';
import type { Edge, RegionSpan } from './region-layer.ts';

/** Below this many pixels per second the handles of unselected regions would be in the way. */
export const ALL_HANDLES_PX_PER_SECOND = 40;
/** How long an untimed line's placeholder region is drawn, at most (seconds). */
const PLACEHOLDER_SECONDS = 2;
/** The time ruler under the waveform (it scrolls and zooms with it). */
const RULER_HEIGHT = 18;

export type WaveformHandle = {
  readonly playPause: () => void;
  readonly playLine: (lineId: number) => void;
  readonly currentTime: () => number;
  readonly isPlaying: () => boolean;
  readonly setRate: (rate: number) => void;
  readonly zoom: (pxPerSecond: number) => void;
  readonly seek: (seconds: number) => void;
};

type Props = {
  readonly peaks: Peaks;
  readonly url: string | null;
  readonly lines: readonly TranscriptLine[];
  readonly selectedLineId: number | null;
  readonly loop: boolean;
  readonly onRegionChange: (lineId: number, start: number, end: number) => void;
  /** A line's region was clicked at `seconds` (the playhead goes there). */
  readonly onSelect: (lineId: number, seconds: number) => void;
  readonly onEdge: (lineId: number, edge: Edge) => void;
  readonly onTime: (seconds: number) => void;
};

/**
 * One region per line: a timed line where it is; an untimed one hatched, just after the line
 * before it (up to 2 s, or up to the next timed line), so that dragging it is how it gets its
 * times. Nothing is made up for publishing: untimed stays untimed until the author acts.
 */
export function regionSpans(lines: readonly TranscriptLine[], duration: number): RegionSpan[] {
  let previousEnd = 0;
  return lines.map((line, index) => {
    const label = `${line.lineNumber} ${line.speaker.toUpperCase()}`;
    if (line.startTime !== null && line.endTime !== null) {
      const start = Math.min(line.startTime, duration);
      const end = Math.min(Math.max(line.endTime, start), duration);
      previousEnd = Math.max(previousEnd, end);
      return { id: line.id, start, end, label, untimed: false };
    }
    const start = Math.min(line.startTime ?? previousEnd, Math.max(0, duration - 0.5));
    const nextTimed =
      lines.slice(index + 1).find((l) => l.startTime !== null)?.startTime ?? duration;
    const limit = Math.min(nextTimed > start ? nextTimed : duration, duration);
    const end = Math.max(
      Math.min(start + PLACEHOLDER_SECONDS, limit),
      Math.min(start + 0.5, duration),
    );
    previousEnd = Math.max(previousEnd, end);
    return { id: line.id, start, end, label, untimed: true };
  });
}

/**
 * The dialogue waveform drawn from stored peaks (never decoded here) with one region per
 * transcript line (region-layer.ts). Timings are reported through performance measures
 * `studio:waveform-ready` and `studio:regions` so the benchmarks can read them.
 */
export const Waveform = forwardRef<WaveformHandle, Props>(function Waveform(props, ref) {
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const layer = useRef<RegionLayer | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // Regions are added once the waveform is on screen, so the author sees it without waiting.
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    performance.mark('studio:waveform-start');
    const ws = WaveSurfer.create({
      container: container.current,
      peaks: [decodePeaks(props.peaks.data)],
      duration: props.peaks.duration,
      ...(props.url ? { url: props.url } : {}),
      height: 120,
      // 0 fits the whole recording into view; the zoom slider goes from there.
      minPxPerSec: 0,
      waveColor: '#64748b',
      progressColor: '#1e3a8a',
      cursorColor: '#dc2626',
      plugins: [
        TimelinePlugin.create({
          height: RULER_HEIGHT,
          // A label on every other notch (the plugin picks the notch interval from the zoom:
          // 1 s zoomed in, up to minutes for an hour-long recording), none in between.
          primaryLabelSpacing: 2,
          secondaryLabelOpacity: 0,
          formatTimeCallback: (seconds) => formatTime(seconds).replace(/\.\d+$/, ''),
          style: { fontSize: '10px', color: '#475569' },
        }),
      ],
    });
    const regions = new RegionLayer(
      ws.getWrapper(),
      props.peaks.duration,
      {
        onChange: (id, start, end) => latest.current.onRegionChange(id, start, end),
        onSelect: (id, seconds) => {
          ws.setTime(seconds);
          latest.current.onTime(seconds);
          latest.current.onSelect(id, seconds);
        },
        onEdge: (id, edge) => latest.current.onEdge(id, edge),
      },
      RULER_HEIGHT,
    );
    // Handles on every region once a second is wide enough to grab both ends of a short line.
    const updateHandles = () => {
      const width = ws.getWrapper().scrollWidth;
      regions.showAllHandles(
        width / Math.max(0.001, props.peaks.duration) >= ALL_HANDLES_PX_PER_SECOND,
      );
    };
    ws.on('zoom', updateHandles);
    ws.on('redraw', updateHandles);
    ws.once('redrawcomplete', () => {
      performance.measure('studio:waveform-ready', 'studio:waveform-start');
      container.current?.setAttribute('data-ready', 'true');
      setDrawn(true);
    });
    // Loop: playback that runs out of the selected line starts it again. Only a crossing of
    // the line's end counts, so seeking elsewhere while looping is not pulled back.
    let previous = 0;
    ws.on('timeupdate', (time) => {
      latest.current.onTime(time);
      const { loop, selectedLineId } = latest.current;
      const span = selectedLineId === null ? undefined : regions.span(selectedLineId);
      if (loop && span && ws.isPlaying() && previous >= span.start && previous < span.end) {
        if (time >= span.end) void ws.play(span.start);
      }
      previous = time;
    });
    // play(start, end) pauses once the line's end is reached (a late frame may be a little past
    // it); with loop on, start the line again. A pause earlier in the line is the author's.
    ws.on('pause', () => {
      const { loop, selectedLineId } = latest.current;
      const span = selectedLineId === null ? undefined : regions.span(selectedLineId);
      const time = ws.getCurrentTime();
      if (loop && span && time >= span.end - 0.05 && time < span.end + 1) {
        void ws.play(span.start, span.end);
      }
    });
    surfer.current = ws;
    layer.current = regions;
    return () => {
      setDrawn(false);
      regions.destroy();
      ws.destroy();
      surfer.current = null;
      layer.current = null;
    };
  }, [props.peaks, props.url]);

  useEffect(() => {
    const regions = layer.current;
    if (!regions || !drawn) return;
    const creating = props.lines.some((line) => regions.span(line.id) === undefined);
    if (creating) performance.mark('studio:regions-start');
    regions.set(regionSpans(props.lines, props.peaks.duration), props.selectedLineId);
    if (creating) {
      performance.measure('studio:regions', 'studio:regions-start');
      container.current?.setAttribute('data-regions', String(regions.size));
    }
  }, [props.lines, props.selectedLineId, props.peaks, drawn]);

  useImperativeHandle(ref, () => ({
    playPause: () => void surfer.current?.playPause(),
    playLine: (lineId) => {
      const span = layer.current?.span(lineId);
      if (span) void surfer.current?.play(span.start, span.end);
    },
    currentTime: () => surfer.current?.getCurrentTime() ?? 0,
    isPlaying: () => surfer.current?.isPlaying() ?? false,
    setRate: (rate) => surfer.current?.setPlaybackRate(rate, true),
    zoom: (px) => surfer.current?.zoom(px),
    seek: (seconds) => surfer.current?.setTime(seconds),
  }));

  return <div ref={container} className="waveform" data-testid="waveform" aria-label="Waveform" />;
});
