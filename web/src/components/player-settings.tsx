import { useT } from '../lib/i18n/i18n.tsx';
import { AudioSettings, PressedGroup } from './audio-controls.tsx';

export type RecordingVersion = 'normal' | 'slow';
const VERSIONS: readonly RecordingVersion[] = ['normal', 'slow'];

/**
 * What stays in the page above the transcript: the recording (when there is a slow one), volume,
 * speed, the transcript's show/hide toggle and the keyboard hint.
 */
export function PlayerSettings({
  version,
  onVersion,
  volume,
  onVolume,
  speed,
  onSpeed,
  transcript,
}: {
  version: RecordingVersion | null;
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
          options={VERSIONS}
          value={version}
          onChange={onVersion}
          render={(value) => t(value === 'slow' ? 'audio.version.slow' : 'audio.version.normal')}
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
