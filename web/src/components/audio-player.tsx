import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { activeLineIndex, isAudioComplete } from '@magyarul/core/lessons';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { Button } from './button.tsx';
import {
  AudioSettings,
  PressedGroup,
  TransportControls,
  useOutputSettings,
} from './audio-controls.tsx';
import { useAudioTransport } from './use-audio-transport.ts';
import { Transcript, type TranscriptLine } from './transcript.tsx';

export type { TranscriptLine } from './transcript.tsx';

type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'error';
type ErrorKind = 'load' | 'play';
const VERSIONS = ['normal', 'slow'] as const;

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
  const [showTranscript, setShowTranscript] = useState(true);
  const completed = useRef(false);
  const onCompleteRef = useRef(onComplete);
  useLayoutEffect(() => {
    onCompleteRef.current = onComplete;
  });

  const source = sources[sourceIndex];

  const complete = useCallback(() => {
    if (completed.current) return;
    completed.current = true;
    onCompleteRef.current?.();
  }, []);

  const playFailed = useCallback(() => {
    setError('play');
    setState('error');
  }, []);
  const { toggle, seekTo, skip } = useAudioTransport(
    audioRef,
    state !== 'loading' && state !== 'error',
    playFailed,
    setCurrentTime,
  );

  const { volume, setVolume, speed, setSpeed } = useOutputSettings(audioRef, state);

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
  const loadedAlready = useEffectEvent(() => {
    const audio = audioRef.current;
    if (audio && audio.readyState >= HTMLMediaElement.HAVE_METADATA && state === 'loading') {
      metadataLoaded(audio);
    }
  });
  // Only when a new element is made (its key): not on every state change.
  useEffect(() => loadedAlready(), [version, source, attempt]);

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
          <TransportControls
            playing={state === 'playing'}
            loading={state === 'loading'}
            currentTime={currentTime}
            duration={duration}
            onToggle={toggle}
            onSkip={skip}
            onSeek={seekTo}
          />
          {slow && (
            <PressedGroup
              label={t('audio.version')}
              className="speeds versions"
              options={VERSIONS}
              value={version}
              onChange={switchVersion}
              render={(value) =>
                t(value === 'slow' ? 'audio.version.slow' : 'audio.version.normal')
              }
            />
          )}
          <AudioSettings
            volume={volume}
            onVolume={setVolume}
            speed={speed}
            onSpeed={setSpeed}
            // Only where there is a transcript to hide (the admin's lesson audio has none).
            transcript={
              lines.length > 0
                ? { shown: showTranscript, onToggle: () => setShowTranscript((v) => !v) }
                : null
            }
          />
          <p className="muted small keyboard-hint">{t('audio.keyboardHint')}</p>
        </>
      )}
      {showTranscript && lines.length > 0 && (
        <Transcript lines={lines} active={active} language={language} onSeek={seekTo} />
      )}
    </section>
  );
}
