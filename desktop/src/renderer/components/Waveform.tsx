import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { Peaks, TranscriptLine } from '../../shared/model.ts';
import { decodePeaks } from '../../shared/peaks-codec.ts';
import { defaultSpan } from '../format.ts';
import { RegionLayer } from './region-layer.ts';
import type { RegionSpan } from './region-layer.ts';

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
  readonly onSelect: (lineId: number) => void;
  readonly onTime: (seconds: number) => void;
};

function spanOf(line: TranscriptLine, index: number, duration: number) {
  const fallback = defaultSpan(index);
  const start = Math.min(line.startTime ?? fallback.start, duration);
  const end = Math.min(Math.max(line.endTime ?? fallback.end, start), duration);
  return { start, end };
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
      height: 140,
      // 0 fits the whole recording into view; the zoom slider goes from there.
      minPxPerSec: 0,
      waveColor: '#64748b',
      progressColor: '#1e3a8a',
      cursorColor: '#dc2626',
    });
    const regions = new RegionLayer(ws.getWrapper(), props.peaks.duration, {
      onChange: (id, start, end) => latest.current.onRegionChange(id, start, end),
      onSelect: (id) => latest.current.onSelect(id),
    });
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
    const spans: RegionSpan[] = props.lines.map((line, index) => ({
      id: line.id,
      ...spanOf(line, index, props.peaks.duration),
    }));
    regions.set(spans, props.selectedLineId);
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
