import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { Peaks, TranscriptLine } from '../../shared/model.ts';
import { decodePeaks } from '../../shared/peaks-codec.ts';
import { defaultSpan } from '../format.ts';

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

const REGION = 'rgba(37, 99, 235, 0.18)';
const SELECTED = 'rgba(234, 88, 12, 0.32)';

function spanOf(line: TranscriptLine, index: number, duration: number) {
  const fallback = defaultSpan(index);
  const start = Math.min(line.startTime ?? fallback.start, duration);
  const end = Math.min(Math.max(line.endTime ?? fallback.end, start), duration);
  return { start, end };
}

/**
 * The dialogue waveform drawn from stored peaks (never decoded here) with one region per
 * transcript line. Timings are reported through performance measures `studio:waveform-ready`
 * and `studio:regions` so the benchmarks can read them.
 */
export const Waveform = forwardRef<WaveformHandle, Props>(function Waveform(props, ref) {
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const regions = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const byLine = useRef(new Map<number, Region>());
  const latest = useRef(props);
  latest.current = props;
  // Regions are added once the waveform is on screen, so the author sees it without waiting.
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    performance.mark('studio:waveform-start');
    const plugin = RegionsPlugin.create();
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
      plugins: [plugin],
    });
    ws.once('redrawcomplete', () => {
      performance.measure('studio:waveform-ready', 'studio:waveform-start');
      container.current?.setAttribute('data-ready', 'true');
      setDrawn(true);
    });
    ws.on('timeupdate', (time) => latest.current.onTime(time));
    plugin.on('region-updated', (region) => {
      latest.current.onRegionChange(Number(region.id), region.start, region.end);
    });
    plugin.on('region-clicked', (region, event) => {
      event.stopPropagation();
      latest.current.onSelect(Number(region.id));
    });
    plugin.on('region-out', (region) => {
      const { loop, selectedLineId } = latest.current;
      if (loop && Number(region.id) === selectedLineId && ws.isPlaying()) region.play(true);
    });
    surfer.current = ws;
    regions.current = plugin;
    const map = byLine.current;
    return () => {
      map.clear();
      setDrawn(false);
      ws.destroy();
      surfer.current = null;
      regions.current = null;
    };
  }, [props.peaks, props.url]);

  useEffect(() => {
    const plugin = regions.current;
    if (!plugin || !drawn) return;
    const map = byLine.current;
    const creating = props.lines.some((line) => !map.has(line.id));
    if (creating) performance.mark('studio:regions-start');
    const seen = new Set<number>();
    props.lines.forEach((line, index) => {
      seen.add(line.id);
      const { start, end } = spanOf(line, index, props.peaks.duration);
      const selected = line.id === props.selectedLineId;
      const color = selected ? SELECTED : REGION;
      const existing = map.get(line.id);
      if (existing) {
        if (existing.start !== start || existing.end !== end || existing.color !== color) {
          existing.setOptions({ start, end, color });
        }
        if (existing.resize !== selected) existing.setOptions({ resize: selected });
        return;
      }
      map.set(
        line.id,
        plugin.addRegion({
          id: String(line.id),
          start,
          end,
          color,
          // No per-region label: the plugin lays labels out against every earlier region
          // (quadratic in the line count); the transcript table carries the numbers.
          drag: true,
          // Resize handles (two draggable elements each) only on the selected line: with
          // hundreds of lines they would dominate creating the regions. Clicking a region
          // selects it and gives it handles.
          resize: selected,
        }),
      );
    });
    for (const [id, region] of map) {
      if (!seen.has(id)) {
        region.remove();
        map.delete(id);
      }
    }
    if (creating) {
      performance.measure('studio:regions', 'studio:regions-start');
      container.current?.setAttribute('data-regions', String(map.size));
    }
  }, [props.lines, props.selectedLineId, props.peaks, drawn]);

  useImperativeHandle(ref, () => ({
    playPause: () => void surfer.current?.playPause(),
    playLine: (lineId) => byLine.current.get(lineId)?.play(true),
    currentTime: () => surfer.current?.getCurrentTime() ?? 0,
    isPlaying: () => surfer.current?.isPlaying() ?? false,
    setRate: (rate) => surfer.current?.setPlaybackRate(rate, true),
    zoom: (px) => surfer.current?.zoom(px),
    seek: (seconds) => surfer.current?.setTime(seconds),
  }));

  return <div ref={container} className="waveform" data-testid="waveform" aria-label="Waveform" />;
});
