import type { SynthesisedWord } from '@magyarul/core/align';

/** What eSpeak NG's synthesis callback reports (see espeak-module.d.ts). */
export type SynthesisEvent = {
  readonly type: string;
  readonly text_position: number;
  readonly audio_position: number;
  readonly id?: string | number;
};

/** UTF-16 offset of each code point of `text`, and of its end. */
function codePointOffsets(text: string): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const char of text) {
    offsets.push(at);
    at += char.length;
  }
  offsets.push(at);
  return offsets;
}

/**
 * Words with their times from eSpeak NG's events. A word starts at its first sounding phoneme
 * (a word event may come just before a pause) and ends where the next silence, word or clause
 * end begins. Positions are 1-based code points; the words get UTF-16 offsets into `text`,
 * each running to where the next word starts or the text ends.
 */
export function wordsFromEvents(
  text: string,
  events: readonly SynthesisEvent[],
  durationSeconds: number,
): SynthesisedWord[] {
  const offsets = codePointOffsets(text);
  const toOffset = (position: number) =>
    offsets[Math.max(0, Math.min(offsets.length - 1, position - 1))] as number;
  const words: { start: number; end: number; charStart: number }[] = [];
  let open: {
    start: number | null;
    wordEvent: number;
    charStart: number;
    lastSound: number | null;
  } | null = null;
  const close = (at: number) => {
    if (!open) return;
    const start = open.start ?? open.wordEvent;
    const end = open.lastSound === null ? Math.max(start, at) : at;
    words.push({ start, end: Math.max(start, end), charStart: open.charStart });
    open = null;
  };
  for (const event of events) {
    const at = event.audio_position / 1000;
    if (event.type === 'word') {
      close(at);
      open = {
        start: null,
        wordEvent: at,
        charStart: toOffset(event.text_position),
        lastSound: null,
      };
    } else if (event.type === 'phoneme' && open) {
      const sounding = typeof event.id === 'string' && event.id !== '';
      if (sounding) {
        open.start ??= at;
        open.lastSound = at;
      } else if (open.lastSound !== null) close(at);
    } else if (
      event.type === 'end' ||
      event.type === 'msg_terminated' ||
      event.type === 'sentence'
    ) {
      close(at);
    }
  }
  close(durationSeconds);
  return words.map((word, i) => ({
    start: word.start,
    end: word.end,
    charStart: word.charStart,
    charEnd: Math.max(word.charStart, words[i + 1]?.charStart ?? text.length),
  }));
}
