import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';

/** How long after the learner scrolled by hand the page is left where they put it. */
export const HAND_SCROLL_HOLD_MS = 4000;
/** Room kept above and below the current line when it is checked for being in view. */
const MARGIN_PX = 8;
/** Where a line that left the view is put back: this far down the visible area. */
const PLACE_AT = 0.3;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

/** The current line's box, the bottom of the visible area above the dock, and whether it is in view. */
function lineBox(
  transcript: RefObject<HTMLElement | null>,
  dock: RefObject<HTMLElement | null>,
): { rect: DOMRect; bottom: number; inView: boolean } | null {
  const line = transcript.current?.querySelector('[aria-current="true"]');
  if (!line) return null;
  const rect = line.getBoundingClientRect();
  const dockTop = dock.current?.getBoundingClientRect().top ?? window.innerHeight;
  const bottom = Math.min(window.innerHeight, dockTop);
  const inView = rect.top >= MARGIN_PX && rect.bottom <= bottom - MARGIN_PX;
  return { rect, bottom, inView };
}

function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Keeps the transcript's current line (`[aria-current="true"]` inside `transcript`) in view as
 * it changes, in the part of the window above the pinned `dock`, unless the learner has scrolled
 * by hand in the last few seconds: then `detached` is true while the line is out of view, for a
 * "Back to the current line" control (`backToLine`). Only the learner's own input counts as
 * scrolling by hand (wheel, touch, scrolling keys, the scrollbar), never the page's scrolls.
 * Nothing moves before the audio has been `started` (reading ahead before playing is left
 * alone); a hand scroll while paused is left alone until the line moves.
 */
export function useFollowLine({
  transcript,
  dock,
  active,
  started,
  playing,
}: {
  transcript: RefObject<HTMLElement | null>;
  dock: RefObject<HTMLElement | null>;
  active: number;
  started: boolean;
  playing: boolean;
}) {
  const handAt = useRef(-Infinity);
  /** The learner scrolled by hand since the page last brought the line into view. */
  const handSinceFollow = useRef(false);
  const [detached, setDetached] = useState(false);

  const bringIntoView = useCallback(() => {
    const box = lineBox(transcript, dock);
    handSinceFollow.current = false;
    handAt.current = -Infinity;
    setDetached(false);
    if (!box || box.inView) return;
    const top = window.scrollY + box.rect.top - box.bottom * PLACE_AT;
    window.scrollTo({ top, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [transcript, dock]);

  /** Follows when allowed; otherwise says whether the line is out of view. */
  const check = useEffectEvent((mayFollow: boolean) => {
    const box = lineBox(transcript, dock);
    if (!box || box.inView || !started) {
      setDetached(false);
      return;
    }
    const held = performance.now() - handAt.current < HAND_SCROLL_HOLD_MS;
    if (mayFollow && !held) bringIntoView();
    else setDetached(handSinceFollow.current);
  });

  useEffect(() => {
    const byHand = () => {
      handAt.current = performance.now();
      handSinceFollow.current = true;
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) byHand();
    };
    // The scrollbar: a press on the root element itself, right of (or below) its content box.
    const onPointer = (event: PointerEvent) => {
      if (event.target === document.documentElement) byHand();
    };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => check(false));
    };
    window.addEventListener('wheel', byHand, { passive: true });
    window.addEventListener('touchmove', byHand, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('wheel', byHand);
      window.removeEventListener('touchmove', byHand);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  // A new current line: follow it (or say it is elsewhere), measured in the next frame, once
  // the new line is laid out.
  useEffect(() => {
    if (active < 0) return;
    const frame = requestAnimationFrame(() => check(true));
    return () => cancelAnimationFrame(frame);
  }, [active]);

  // While playing, once the hold after a hand scroll is over, the line is brought back.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => check(true), 500);
    return () => window.clearInterval(timer);
  }, [playing]);

  return { detached, backToLine: bringIntoView };
}
