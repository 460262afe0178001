import { useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { activeLineIndex } from '@magyarul/core/lessons';
import { activeWordIndex, type AudioVersionName } from '../tokens/word-times.ts';
import { useAudioClock } from './use-audio-clock.ts';
import type { TranscriptLine } from './transcript.tsx';

/**
 * The line and the word being heard at `currentTime`, in the times of the version being played.
 * While playing, the media clock is read every animation frame; a new line or word is rendered
 * within that frame (flushSync), not a task later, so the highlight is never more than a frame
 * behind the voice. Other frames only move the clock (`setCurrentTime`).
 */
export function usePlayhead({
  audioRef,
  playing,
  lines,
  version,
  currentTime,
  setCurrentTime,
}: {
  audioRef: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  lines: readonly TranscriptLine[];
  version: AudioVersionName;
  currentTime: number;
  setCurrentTime: (time: number) => void;
}): { active: number; activeWord: number } {
  const active = activeLineIndex(lines, currentTime);
  const activeWord = activeWordIndex(lines[active]?.tokens, currentTime, version);
  const shown = useRef({ line: active, word: activeWord });
  useLayoutEffect(() => {
    shown.current = { line: active, word: activeWord };
  });
  useAudioClock(audioRef, playing, (time) => {
    const line = activeLineIndex(lines, time);
    const word = activeWordIndex(lines[line]?.tokens, time, version);
    if (line === shown.current.line && word === shown.current.word) setCurrentTime(time);
    else flushSync(() => setCurrentTime(time));
  });
  return { active, activeWord };
}
