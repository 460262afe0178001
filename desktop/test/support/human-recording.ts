// The human recording with hand-marked times (test/fixtures/human-es, see its README): Spanish
// telephone prompts read by one speaker, every line and word boundary marked by hand.
import { readFileSync } from 'node:fs';
import { decodeMono } from '../../src/main/services/audio/mono-samples.ts';
import type { TruthTimes } from './alignment-accuracy.ts';

const FIXTURE = new URL('../fixtures/human-es/', import.meta.url);

export type MarkedLine = TruthTimes & { readonly text: string };

export type MarkedRecording = {
  readonly samples: Float32Array;
  readonly sampleRate: number;
  readonly lines: readonly MarkedLine[];
  /** eSpeak NG's voice for its language. */
  readonly voice: string;
};

export async function humanRecording(): Promise<MarkedRecording> {
  const marks = JSON.parse(readFileSync(new URL('times.json', FIXTURE), 'utf8')) as {
    lines: MarkedLine[];
  };
  const audio = await decodeMono(new URL('dialogue.wav', FIXTURE).pathname);
  return { ...audio, lines: marks.lines, voice: 'es' };
}
