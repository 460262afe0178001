import type { Span } from './word-times.ts';

/** A word being played; stop() ends it early (the panel closed, another word). */
export type Clip = { stop: () => void };

/**
 * Plays the word: its own recording (`wordUrl`) when the lesson has one, else `span` of the
 * dialogue's recording (`lineUrl`, the version being heard), on an element of its own so the
 * dialogue's player keeps its place. The end of a span is watched per animation frame.
 */
export function playWord({
  wordUrl,
  lineUrl,
  span,
}: {
  wordUrl: string | null;
  lineUrl: string | null;
  span: Span | null;
}): Clip | null {
  if (wordUrl) {
    const audio = new Audio(wordUrl);
    audio.play().catch((error: unknown) => console.warn('The word did not play', error));
    return { stop: () => audio.pause() };
  }
  if (!lineUrl || !span) return null;
  const audio = new Audio(lineUrl);
  audio.preload = 'auto';
  let frame = 0;
  const watch = () => {
    if (audio.currentTime >= span.end || audio.ended) {
      audio.pause();
      return;
    }
    frame = requestAnimationFrame(watch);
  };
  const start = () => {
    audio.currentTime = span.start;
    audio
      .play()
      .then(() => {
        frame = requestAnimationFrame(watch);
      })
      .catch((error: unknown) => console.warn('The word did not play', error));
  };
  if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) start();
  else audio.addEventListener('loadedmetadata', start, { once: true });
  return {
    stop: () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('loadedmetadata', start);
      audio.pause();
    },
  };
}
