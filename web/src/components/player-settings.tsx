import { useT } from '../lib/i18n/i18n.tsx';
import type { RecordingVersion } from '../lib/recording-versions.ts';
import { AudioSettings, PressedGroup } from './audio-controls.tsx';

const VERSION_KEY = {
  slow: 'audio.version.slow',
  normal: 'audio.version.normal',
  natural: 'audio.version.natural',
} as const;

/**
 * What stays in the page above the transcript: the recording (slow, normal, natural tempo: those
 * the lesson has, when it has more than one), volume, speed, the transcript's show/hide toggle
 * and the keyboard hint.
 */
export function PlayerSettings({
  version,
  offered,
  onVersion,
  volume,
  onVolume,
  speed,
  onSpeed,
  transcript,
}: {
  version: RecordingVersion | null;
  offered: readonly RecordingVersion[];
  onVersion: (version: RecordingVersion) => void;
  volume: number;
  onVolume: (volume: number) => void;
  speed: number;
  onSpeed: (speed: number) => void;
  transcript: { shown: boolean; onToggle: () => void } | null;
}) {
  const t = useT();
  return (
    <>
      {version && (
        <PressedGroup
          label={t('audio.version')}
          className="speeds versions"
          options={offered}
          value={version}
          onChange={onVersion}
          render={(value) => t(VERSION_KEY[value])}
        />
      )}
      <AudioSettings
        volume={volume}
        onVolume={onVolume}
        speed={speed}
        onSpeed={onSpeed}
        transcript={transcript}
      />
      <p className="muted small keyboard-hint">{t('audio.keyboardHint')}</p>
    </>
  );
}
