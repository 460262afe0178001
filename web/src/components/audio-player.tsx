import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { activeLineIndex, formatClock, isAudioComplete } from '@magyarul/core/lessons';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { Button } from './button.tsx';
import { Transcript, type TranscriptLine } from './transcript.tsx';

export type { TranscriptLine } from './transcript.tsx';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const SKIP_SECONDS = 15;

type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'error';
type ErrorKind = 'load' | 'play';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName) ||
    target.getAttribute('role') === 'tab'
  );
}

/** Another recording of the same dialogue (the slower one for beginners), with its own times. */
export type AudioVersion = {
  readonly sources: readonly string[];
  readonly lines: readonly TranscriptLine[];
};

/**
 * Lesson audio with a transcript that follows playback. `sources` are candidate URLs, best
 * first: when one fails to load the next is tried (the original-path fallback). Line
 * translations are shown in `language` (the learner's meaning language) when turned on. With
 * `slow`, the learner can switch to the slower recording; the transcript then follows its
 * times, and playback resumes at the start of the line that was playing.
 */
export function AudioPlayer({
  sources: normalSources,
  lines: normalLines,
  slow,
  language = 'en',
  onComplete,
}: {
  sources: readonly string[];
  lines: readonly TranscriptLine[];
  slow?: AudioVersion;
  language?: MeaningLanguage;
  onComplete?: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const [version, setVersion] = useState<'normal' | 'slow'>('normal');
  const { sources, lines } =
    version === 'slow' && slow ? slow : { sources: normalSources, lines: normalLines };
  /** Where to put the playhead once the other version has loaded. */
  const resumeAt = useRef<number | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [sourceIndex, setSourceIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlayerState>('loading');
  const [error, setError] = useState<ErrorKind | null>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [speed, setSpeed] = useState<number>(1);
  const [showTranscript, setShowTranscript] = useState(true);
  const completed = useRef(false);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  const source = sources[sourceIndex];

  const complete = useCallback(() => {
    if (completed.current) return;
    completed.current = true;
    onCompleteRef.current?.();
  }, []);

  const play = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio) return;
    try {
      await audio.play();
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      console.error('Audio playback failed', cause);
      setError('play');
      setState('error');
    }
  }, []);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || state === 'loading' || state === 'error') return;
    if (audio.paused) void play();
    else audio.pause();
  }, [play, state]);

  const seekTo = useCallback((time: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const max = Number.isFinite(audio.duration) ? audio.duration : time;
    audio.currentTime = Math.max(0, Math.min(time, max));
    setCurrentTime(audio.currentTime);
  }, []);

  const skip = useCallback(
    (delta: number) => seekTo((audioRef.current?.currentTime ?? 0) + delta),
    [seekTo],
  );

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

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.playbackRate = speed;
  }, [speed, state]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = volume;
  }, [volume]);

  const retry = () => {
    setError(null);
    setState('loading');
    setSourceIndex(0);
    setAttempt((n) => n + 1);
  };

  const onLoadError = () => {
    if (sourceIndex < sources.length - 1) {
      setSourceIndex((i) => i + 1);
      return;
    }
    setError('load');
    setState('error');
  };

  const active = activeLineIndex(lines, currentTime);

  const switchVersion = (next: 'normal' | 'slow') => {
    if (next === version) return;
    const target = next === 'slow' && slow ? slow.lines : normalLines;
    resumeAt.current = active >= 0 ? (target[active]?.start_time ?? 0) : 0;
    audioRef.current?.pause();
    setVersion(next);
    setSourceIndex(0);
    setError(null);
    setState('loading');
    setCurrentTime(0);
    setDuration(0);
  };

  // Once per audio element: its metadata event, or the element already had it when this
  // effect ran (a blob: URL the browser holds can load before the event reaches React).
  const metadataLoaded = (audio: HTMLAudioElement) => {
    setDuration(audio.duration);
    audio.playbackRate = speed;
    audio.volume = volume;
    if (resumeAt.current !== null) {
      audio.currentTime = resumeAt.current;
      setCurrentTime(resumeAt.current);
      resumeAt.current = null;
    }
    setState('ready');
  };
  const metadataLoadedRef = useRef(metadataLoaded);
  metadataLoadedRef.current = metadataLoaded;
  useEffect(() => {
    const audio = audioRef.current;
    if (audio && audio.readyState >= HTMLMediaElement.HAVE_METADATA && state === 'loading') {
      metadataLoadedRef.current(audio);
    }
    // Only when a new element is made (its key): not on every state change.
  }, [version, source, attempt]);

  if (!source) {
    return <p className="muted">{t('audio.noAudio')}</p>;
  }

  return (
    <section className="audio-player" aria-label={t('audio.player')}>
      <audio
        key={`${version}#${source}#${attempt}`}
        ref={audioRef}
        src={source}
        preload="metadata"
        onLoadedMetadata={(e) => metadataLoaded(e.currentTarget)}
        onError={onLoadError}
        onPlay={() => setState('playing')}
        onPause={() => setState((s) => (s === 'error' ? s : 'paused'))}
        onTimeUpdate={(e) => {
          const { currentTime: now, duration: total } = e.currentTarget;
          setCurrentTime(now);
          if (isAudioComplete(now, total)) complete();
        }}
        onEnded={() => {
          setState('paused');
          complete();
        }}
      />
      {state === 'error' ? (
        <div role="alert" className="audio-error">
          <p>{t(error === 'play' ? 'audio.playFailed' : 'audio.loadFailed')}</p>
          <Button onClick={retry}>{t('audio.retry')}</Button>
        </div>
      ) : (
        <>
          {state === 'loading' && (
            <p role="status" className="muted">
              {t('audio.loading')}
            </p>
          )}
          <div className="audio-controls">
            <Button
              variant="secondary"
              aria-label={t('audio.back15')}
              disabled={state === 'loading'}
              onClick={() => skip(-SKIP_SECONDS)}
            >
              <span aria-hidden="true">«15</span>
            </Button>
            <Button
              className="play-button"
              aria-label={state === 'playing' ? t('audio.pause') : t('audio.play')}
              disabled={state === 'loading'}
              onClick={toggle}
            >
              <span aria-hidden="true">{state === 'playing' ? '❚❚' : '▶'}</span>
            </Button>
            <Button
              variant="secondary"
              aria-label={t('audio.forward15')}
              disabled={state === 'loading'}
              onClick={() => skip(SKIP_SECONDS)}
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
            disabled={state === 'loading'}
            onChange={(e) => seekTo(Number(e.target.value))}
          />
          {slow && (
            <div role="group" aria-label={t('audio.version')} className="speeds versions">
              {(['normal', 'slow'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  className="speed"
                  aria-pressed={version === value}
                  onClick={() => switchVersion(value)}
                >
                  {t(value === 'slow' ? 'audio.version.slow' : 'audio.version.normal')}
                </button>
              ))}
            </div>
          )}
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
                onChange={(e) => setVolume(Math.round(Number(e.target.value) * 10) / 10)}
              />
            </label>
            <div role="group" aria-label={t('audio.speed')} className="speeds">
              {SPEEDS.map((value) => (
                <button
                  key={value}
                  type="button"
                  className="speed"
                  aria-pressed={speed === value}
                  onClick={() => setSpeed(value)}
                >
                  {format.number(value)}x
                </button>
              ))}
            </div>
            {/* Only where there is a transcript to hide (the admin's lesson audio has none). */}
            {lines.length > 0 && (
              <Button
                variant="ghost"
                aria-expanded={showTranscript}
                onClick={() => setShowTranscript((v) => !v)}
              >
                {showTranscript ? t('audio.hideTranscript') : t('audio.showTranscript')}
              </Button>
            )}
          </div>
          <p className="muted small keyboard-hint">{t('audio.keyboardHint')}</p>
        </>
      )}
      {showTranscript && lines.length > 0 && (
        <Transcript lines={lines} active={active} language={language} onSeek={seekTo} />
      )}
    </section>
  );
}
