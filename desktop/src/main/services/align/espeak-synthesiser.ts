import type { SpeechSynthesiser, Synthesis } from '@magyarul/core/align';
import type { EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import type { SynthesisEvent } from './espeak-events.ts';
import { wordsFromEvents } from './espeak-events.ts';

let loading: Promise<EspeakWorker> | null = null;

/** eSpeak NG in WebAssembly, loaded once per thread (its voice data is 24 MB). */
function espeak(): Promise<EspeakWorker> {
  loading ??= import('@echogarden/espeak-ng-emscripten').then(async ({ default: create }) => {
    const module = await create();
    return new module.eSpeakNGWorker();
  });
  return loading;
}

/** How eSpeak NG speaks: a voice ('hu', or a variant such as 'hu+f4'), words per minute, pitch 0–99. */
export type EspeakVoice = { readonly voice: string; readonly rate: number; readonly pitch: number };

/** eSpeak NG's defaults: the reference the aligner compares recordings with. */
const REFERENCE_VOICE = { rate: 175, pitch: 50 } as const;

/**
 * `text` spoken by eSpeak NG, with its words from eSpeak's own synthesis events, so their
 * times are exact for the speech it returns.
 */
export async function speak(text: string, how: EspeakVoice): Promise<Synthesis> {
  const worker = await espeak();
  if (worker.set_voice(how.voice) !== 0) throw new Error(`eSpeak NG has no voice "${how.voice}"`);
  worker.rate = how.rate;
  worker.pitch = how.pitch;
  const chunks: Int16Array[] = [];
  const events: SynthesisEvent[] = [];
  let length = 0;
  worker.synthesize(text, (samples, chunkEvents) => {
    chunks.push(samples);
    length += samples.length;
    events.push(...chunkEvents);
    return false;
  });
  const samples = new Float32Array(length);
  let at = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) samples[at + i] = (chunk[i] as number) / 32768;
    at += chunk.length;
  }
  const sampleRate = worker.samplerate;
  return { samples, sampleRate, words: wordsFromEvents(text, events, length / sampleRate) };
}

/**
 * The aligner's speech synthesis port over eSpeak NG compiled to WebAssembly (npm
 * `@echogarden/espeak-ng-emscripten`): runs in this process, nothing on PATH, always at
 * eSpeak's default rate and pitch.
 */
export const espeakSynthesiser: SpeechSynthesiser = {
  synthesise: (text, voice) => speak(text, { voice, ...REFERENCE_VOICE }),
};
