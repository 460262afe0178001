import { useCallback, type RefObject } from 'react';
import { usePlayerKeys } from './audio-controls.tsx';

/**
 * Play/pause, seek and skip on the player's <audio> element, with the player's keyboard
 * shortcuts. `playable` is false while the audio loads or has failed; `onPlayFailed` is told
 * when the browser refuses to play (not when a newer play or pause cut it short).
 */
export function useAudioTransport(
  audioRef: RefObject<HTMLAudioElement | null>,
  playable: boolean,
  onPlayFailed: () => void,
  onSeeked: (time: number) => void,
) {
  const play = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio) return;
    try {
      await audio.play();
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      console.error('Audio playback failed', cause);
      onPlayFailed();
    }
  }, [audioRef, onPlayFailed]);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !playable) return;
    if (audio.paused) void play();
    else audio.pause();
  }, [audioRef, play, playable]);

  const seekTo = useCallback(
    (time: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      const max = Number.isFinite(audio.duration) ? audio.duration : time;
      audio.currentTime = Math.max(0, Math.min(time, max));
      onSeeked(audio.currentTime);
    },
    [audioRef, onSeeked],
  );

  const skip = useCallback(
    (delta: number) => seekTo((audioRef.current?.currentTime ?? 0) + delta),
    [audioRef, seekTo],
  );

  usePlayerKeys(toggle, skip);
  return { play, toggle, seekTo, skip };
}
