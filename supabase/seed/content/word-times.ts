// Where each word of each seed line is spoken, per rendering (word-times.json, written by
// make-word-times.ts with the studio's aligner). Per lesson and rendering: one array per line,
// one [start, end] in seconds per word of core's tokenize(line), in the time base of
// timings.json's line times.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RENDERINGS = ['normal', 'slow', 'natural'] as const;
export type Rendering = (typeof RENDERINGS)[number];

/** lame's encoder and decoder delay at 16 kHz: 576 + 529 samples. */
export const LAME_DELAY_SECONDS = 1105 / 16000;

export type LineWordTimes = readonly (readonly [number, number])[];

export type WordTimes = {
  readonly generator: string;
  readonly lessons: Record<
    string,
    {
      /** timings.json's dialogueHash of the lines the times were aligned for. */
      readonly hash: string;
    } & Record<Rendering, readonly LineWordTimes[]>
  >;
};

export const WORD_TIMES_FILE = fileURLToPath(new URL('./word-times.json', import.meta.url));

export function loadWordTimes(): WordTimes {
  return JSON.parse(readFileSync(WORD_TIMES_FILE, 'utf8')) as WordTimes;
}
