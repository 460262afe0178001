import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { formatClock } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { Button } from './button.tsx';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const SKIP_SECONDS = 15;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName) ||
    target.getAttribute('role') === 'tab'
  );
}

/** Space plays or pauses, ← and → skip 15 s, unless the key goes to a control or a text field. */
export function usePlayerKeys(toggle: () => void, skip: (delta: number) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === ' ' && !isTypingTarget(event.target)) {
        event.preventDefault();
        toggle();
      } else if (event.key === 'ArrowLeft' && !isTypingTarget(event.target)) {
        event.preventDefault();
        skip(-SKIP_SECONDS);
      } else if (event.key === 'ArrowRight' && !isTypingTarget(event.target)) {
        event.preventDefault();
        skip(SKIP_SECONDS);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, skip]);
}

/** Volume and speed, applied to the element (again whenever the player's state changes). */
export function useOutputSettings(audioRef: RefObject<HTMLAudioElement | null>, state: string) {
  const [volume, setVolume] = useState(1);
  const [speed, setSpeed] = useState<number>(1);
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.playbackRate = speed;
  }, [audioRef, speed, state]);
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = volume;
  }, [audioRef, volume]);
  return { volume, setVolume, speed, setSpeed };
}

/** Back 15 s, play/pause, forward 15 s, the clock and the seek bar. */
export function TransportControls({
  playing,
  loading,
  currentTime,
  duration,
  onToggle,
  onSkip,
  onSeek,
}: {
  playing: boolean;
  loading: boolean;
  currentTime: number;
  duration: number;
  onToggle: () => void;
  onSkip: (delta: number) => void;
  onSeek: (time: number) => void;
}) {
  const t = useT();
  return (
    <>
      <div className="audio-controls">
        <Button
          variant="secondary"
          aria-label={t('audio.back15')}
          disabled={loading}
          onClick={() => onSkip(-SKIP_SECONDS)}
        >
          <span aria-hidden="true">«15</span>
        </Button>
        <Button
          className="play-button"
          aria-label={playing ? t('audio.pause') : t('audio.play')}
          disabled={loading}
          onClick={onToggle}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </Button>
        <Button
          variant="secondary"
          aria-label={t('audio.forward15')}
          disabled={loading}
          onClick={() => onSkip(SKIP_SECONDS)}
        >
          <span aria-hidden="true">15»</span>
        </Button>
        <span className="clock" aria-live="off">
          {formatClock(currentTime)} / {formatClock(duration)}
        </span>
      </div>
      <input
        className="seek"
        type="range"
        aria-label={t('audio.seek')}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(currentTime, duration || 0)}
        aria-valuetext={`${formatClock(currentTime)} / ${formatClock(duration)}`}
        disabled={loading}
        onChange={(e) => onSeek(Number(e.target.value))}
      />
    </>
  );
}

/** A group of toggle buttons of which one is pressed (speeds, recording versions). */
export function PressedGroup<V extends string | number>({
  label,
  className,
  options,
  value,
  onChange,
  render,
}: {
  label: string;
  className: string;
  options: readonly V[];
  value: V;
  onChange: (value: V) => void;
  render: (value: V) => ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="speed"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {render(option)}
        </button>
      ))}
    </div>
  );
}

/** Volume, speed and (where there is a transcript) the transcript's show/hide toggle. */
export function AudioSettings({
  volume,
  onVolume,
  speed,
  onSpeed,
  transcript,
}: {
  volume: number;
  onVolume: (volume: number) => void;
  speed: number;
  onSpeed: (speed: number) => void;
  transcript: { shown: boolean; onToggle: () => void } | null;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="audio-settings">
      <label className="volume">
        <span>{t('audio.volume')}</span>
        <input
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={volume}
          aria-valuetext={format.percent(volume)}
          onChange={(e) => onVolume(Math.round(Number(e.target.value) * 10) / 10)}
        />
      </label>
      <PressedGroup<number>
        label={t('audio.speed')}
        className="speeds"
        options={SPEEDS}
        value={speed}
        onChange={onSpeed}
        render={(value) => `${format.number(value)}x`}
      />
      {transcript && (
        <Button variant="ghost" aria-expanded={transcript.shown} onClick={transcript.onToggle}>
          {transcript.shown ? t('audio.hideTranscript') : t('audio.showTranscript')}
        </Button>
      )}
    </div>
  );
}
