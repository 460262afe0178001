import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * While `running`, calls `onFrame` with the element's `currentTime` once per animation frame.
 * `timeupdate` fires only every 160–290 ms, so a highlight driven by it lags the voice; the
 * media clock read per frame is within a frame (~16 ms) of what is heard.
 */
export function useAudioClock(
  audioRef: RefObject<HTMLAudioElement | null>,
  running: boolean,
  onFrame: (time: number) => void,
) {
  const frameEvent = useEffectEvent(onFrame);
  useEffect(() => {
    if (!running) return;
    let frame = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio) frameEvent(audio.currentTime);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [audioRef, running]);
}
