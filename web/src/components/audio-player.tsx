import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { isAudioComplete } from '@magyarul/core/lessons';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { Button } from './button.tsx';
import { TransportControls, useOutputSettings } from './audio-controls.tsx';
import { PlayerSettings } from './player-settings.tsx';
import type { RecordingVersion } from '../lib/recording-versions.ts';
import { useAudioTransport } from './use-audio-transport.ts';
import { usePlayerState } from './use-player-state.ts';
import { usePlayhead } from './use-playhead.ts';
import { useFollowLine } from './use-follow-line.ts';
import { PlayerDock } from './player-dock.tsx';
import type { TranscriptLine, TranscriptNotes } from './transcript.tsx';
import { RECORDING_VERSIONS } from '../lib/recording-versions.ts';
import type { WordHelp } from '../tokens/word-panel-host.tsx';
import { PlayerTranscript } from './player-transcript.tsx';

export type { TranscriptLine } from './transcript.tsx';

/** Another recording of the same dialogue (slow, natural tempo), with its own times. */
export type AudioVersion = {
  readonly sources: readonly string[];
  readonly lines: readonly TranscriptLine[];
};

/** The other renderings a lesson has, beside the normal one (sources, lines). */
export type OtherVersions = Partial<Record<Exclude<RecordingVersion, 'normal'>, AudioVersion>>;

const NO_VERSIONS: OtherVersions = {};

/**
 * Lesson audio with a transcript that follows playback. `sources` are candidate URLs, best
 * first: when one fails to load the next is tried (the original-path fallback). Line
 * translations are shown in `language` (the learner's meaning language) when turned on. With
 * `versions` (slow, natural tempo), the learner can switch recordings; the transcript then
 * follows the chosen one's times, and playback goes on (or stays paused) from the start of the
 * line that was playing. `notes` marks the lines a lesson note explains (the transcript's
 * markers open it).
 * The transport is pinned to the bottom of the window and the line being heard is kept in view
 * (useFollowLine); the highlight follows the media clock per animation frame, the word being
 * spoken too where the line has word times (in the version being heard). With `wordHelp`, a word
 * of the transcript opens its panel (tap-a-word): playback pauses while it is open.
 */
export function AudioPlayer({
  sources: normalSources,
  lines: normalLines,
  versions = NO_VERSIONS,
  notes,
  language = 'en',
  wordHelp,
  onComplete,
}: {
  sources: readonly string[];
  lines: readonly TranscriptLine[];
  versions?: OtherVersions;
  notes?: TranscriptNotes;
  language?: MeaningLanguage;
  wordHelp?: WordHelp;
  onComplete?: () => void;
}) {
  const t = useT();
  const [version, setVersion] = useState<RecordingVersion>('normal');
  const normal: AudioVersion = { sources: normalSources, lines: normalLines };
  const versionOf = (v: RecordingVersion): AudioVersion =>
    (v === 'normal' ? undefined : versions[v]) ?? normal;
  const { sources, lines } = versionOf(version);
  const offered = RECORDING_VERSIONS.filter((v) => v === 'normal' || versions[v] !== undefined);
  /** Where to put the playhead once the other version has loaded, and whether to play on. */
  const resumeAt = useRef<{ time: number; play: boolean } | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const transcriptRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const { source, attempt, state, setState, error, reload, retry, loadFailed, playFailed } =
    usePlayerState(sources);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [showTranscript, setShowTranscript] = useState(true);
  const completed = useRef(false);
  const onCompleteRef = useRef(onComplete);
  useLayoutEffect(() => {
    onCompleteRef.current = onComplete;
  });

  const complete = useCallback(() => {
    if (completed.current) return;
    completed.current = true;
    onCompleteRef.current?.();
  }, []);

  const { play, toggle, seekTo, skip } = useAudioTransport(
    audioRef,
    state !== 'loading' && state !== 'error',
    playFailed,
    setCurrentTime,
  );

  const { volume, setVolume, speed, setSpeed } = useOutputSettings(audioRef, state);

  const { active, activeWord } = usePlayhead({
    audioRef,
    playing: state === 'playing',
    lines,
    version,
    currentTime,
    setCurrentTime,
  });
  const follow = useFollowLine({
    transcript: transcriptRef,
    dock: dockRef,
    active,
    started: state === 'playing' || currentTime > 0,
    playing: state === 'playing',
  });

  const switchVersion = (next: RecordingVersion) => {
    if (next === version) return;
    const target = versionOf(next).lines;
    resumeAt.current = {
      time: active >= 0 ? (target[active]?.start_time ?? 0) : 0,
      play: state === 'playing',
    };
    // The same element loads the other file (a new src), so a browser that allows this element
    // to play (after the learner's first tap) lets it play on.
    setVersion(next);
    reload();
    // The same line stays current while the other file loads (no jump to the first line).
    setCurrentTime(resumeAt.current.time);
    setDuration(0);
  };

  // Once per file: its metadata event, or the element already had it when this
  // effect ran (a blob: URL the browser holds can load before the event reaches React).
  const metadataLoaded = (audio: HTMLAudioElement) => {
    setDuration(audio.duration);
    audio.playbackRate = speed;
    audio.volume = volume;
    const resume = resumeAt.current;
    resumeAt.current = null;
    if (resume) {
      audio.currentTime = resume.time;
      setCurrentTime(resume.time);
    }
    setState('ready');
    if (resume?.play) void play();
  };
  const loadedAlready = useEffectEvent(() => {
    const audio = audioRef.current;
    if (audio && audio.readyState >= HTMLMediaElement.HAVE_METADATA && state === 'loading') {
      metadataLoaded(audio);
    }
  });
  // Only when a new element is made (its key): not on every state change.
  useEffect(() => loadedAlready(), [version, source, attempt]);

  /** A transcript is shown: the controls are pinned and the line being heard is followed. */
  const follows = showTranscript && lines.length > 0;

  if (!source) {
    return <p className="muted">{t('audio.noAudio')}</p>;
  }

  return (
    <section
      className={follows ? 'audio-player follows' : 'audio-player'}
      aria-label={t('audio.player')}
    >
      <audio
        key={attempt}
        ref={audioRef}
        src={source}
        preload="metadata"
        onLoadedMetadata={(e) => metadataLoaded(e.currentTarget)}
        onError={loadFailed}
        onPlay={() => setState('playing')}
        onPause={() => setState((s) => (s === 'error' || s === 'loading' ? s : 'paused'))}
        onTimeUpdate={(e) => {
          // A file being replaced reports 0 as it unloads: not a position in the new one.
          if (state === 'loading') return;
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
          <PlayerDock ref={dockRef} detached={follow.detached} onBackToLine={follow.backToLine}>
            <TransportControls
              playing={state === 'playing'}
              loading={state === 'loading'}
              currentTime={currentTime}
              duration={duration}
              onToggle={toggle}
              onSkip={skip}
              onSeek={seekTo}
            />
          </PlayerDock>
          <PlayerSettings
            version={offered.length > 1 ? version : null}
            offered={offered}
            onVersion={switchVersion}
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
        </>
      )}
      {follows && (
        <PlayerTranscript
          ref={transcriptRef}
          audioRef={audioRef}
          lines={lines}
          active={active}
          activeWord={activeWord}
          language={language}
          notes={notes}
          version={version}
          source={source}
          wordHelp={wordHelp}
          onSeek={seekTo}
        />
      )}
    </section>
  );
}
