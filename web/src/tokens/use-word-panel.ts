import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { WordToken } from './word-token.ts';

export type OpenWord = { readonly token: WordToken; readonly anchor: HTMLButtonElement };

/**
 * The word panel's state: open on a word (the dialogue pauses if it was playing), close (it plays
 * on if it was playing when the panel opened; focus goes back to the word). Escape closes, and so
 * does a press anywhere outside the panel and its word (which does not play on when it is a
 * press on the player's controls: that control decides).
 */
export function useWordPanel(
  audioRef: RefObject<HTMLAudioElement | null>,
  panelRef: RefObject<HTMLElement | null>,
) {
  const [open, setOpen] = useState<OpenWord | null>(null);
  const resume = useRef(false);

  const openWord = useCallback(
    (token: WordToken, anchor: HTMLButtonElement) => {
      const audio = audioRef.current;
      // A panel opened over another keeps the first one's "was playing".
      if (!open) resume.current = audio !== null && !audio.paused;
      if (audio && !audio.paused) audio.pause();
      setOpen({ token, anchor });
    },
    [audioRef, open],
  );

  const close = useCallback(
    (returnFocus = true, playOn = true) => {
      if (!open) return;
      setOpen(null);
      if (returnFocus) open.anchor.focus({ preventScroll: true });
      const audio = audioRef.current;
      if (playOn && resume.current && audio) {
        audio.play().catch((error: unknown) => console.warn('Playback did not resume', error));
      }
      resume.current = false;
    },
    [audioRef, open],
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (panelRef.current?.contains(target) || open.anchor.contains(target)) return;
      // Another word opens its own panel (its click handler); anything else closes this one.
      if (target instanceof Element && target.closest('button.word')) return;
      // A press on the player's own controls does what that control does, nothing more.
      const onControls = target instanceof Element && target.closest('.player-dock') !== null;
      close(false, !onControls);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, panelRef]);

  return { open, openWord, close };
}
