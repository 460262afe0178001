// Dialogues with known line and word times for measuring the aligner: every line is spoken by
// eSpeak NG with a speaker's own variant, rate and pitch (unlike the aligner's reference, which
// is eSpeak's default voice at its default rate), lines with a sentence break or comma get a
// pause inside them, pauses between lines vary (some shorter than those inside lines: the case
// that defeats silence-based timing), and seeded noise is added. Each part is trimmed to where
// it sounds, so the truth is exact to the sample.
import { soundingSpan, tokenSpans } from '@magyarul/core/align';
import { tokenize } from '@magyarul/core/tokens';
import type { EspeakVoice } from '../../src/main/services/align/espeak-synthesiser.ts';
import { speak } from '../../src/main/services/align/espeak-synthesiser.ts';

export type TruthSpan = { readonly start: number; readonly end: number };
export type TruthLine = TruthSpan & { readonly text: string; readonly words: readonly TruthSpan[] };

export type Dialogue = {
  readonly samples: Float32Array;
  readonly sampleRate: number;
  readonly lines: readonly TruthLine[];
};

export type DialogueSpec = {
  readonly lines: readonly { readonly speaker: string; readonly text: string }[];
  readonly voices: Readonly<Record<string, EspeakVoice>>;
  /** Seconds between lines, used in turn. */
  readonly gaps: readonly number[];
  /** Seconds of the pause inside a line that has a sentence break or comma, used in turn. */
  readonly innerPauses: readonly number[];
  /** Noise below the speech's RMS, in dB (e.g. 20); null for none. */
  readonly snrDb: number | null;
  readonly seed: number;
};

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a line is cut for a pause inside it: after its first sentence break or comma. */
function innerCut(text: string): number | null {
  const match = /[.!?,;:](?=\s+\S)/u.exec(text.slice(0, -1));
  return match ? match.index + 1 : null;
}

export async function makeDialogue(spec: DialogueSpec): Promise<Dialogue> {
  const pieces: Float32Array[] = [];
  const lines: TruthLine[] = [];
  let length = 0;
  let sampleRate = 0;
  const push = (piece: Float32Array) => {
    pieces.push(piece);
    length += piece.length;
  };
  const silence = (seconds: number) => new Float32Array(Math.round(seconds * sampleRate));
  let pauseTurn = 0;
  for (const [index, line] of spec.lines.entries()) {
    const voice = spec.voices[line.speaker];
    if (!voice) throw new Error(`no voice for ${line.speaker}`);
    const tokens = tokenize(line.text);
    const cut = innerCut(line.text);
    const parts =
      cut === null
        ? [[0, line.text.length]]
        : [
            [0, cut],
            [cut, line.text.length],
          ];
    const words: TruthSpan[] = [];
    let start = 0;
    for (const [partIndex, [from, to]] of parts.entries()) {
      const text = line.text.slice(from, to);
      const synthesis = await speak(text.trim(), voice);
      sampleRate ||= synthesis.sampleRate;
      if (index === 0 && partIndex === 0) push(silence(0.5));
      else if (partIndex === 0) push(silence(spec.gaps[(index - 1) % spec.gaps.length] as number));
      else push(silence(spec.innerPauses[pauseTurn++ % spec.innerPauses.length] as number));
      const lead = text.length - text.trimStart().length + (from as number);
      const partTokens = tokens
        .filter((t) => t.start >= (from as number) && t.end <= (to as number))
        .map((t) => ({ ...t, start: t.start - lead, end: t.end - lead }));
      const sounding = soundingSpan(synthesis.samples, synthesis.sampleRate);
      const offset = length / sampleRate - sounding.start;
      if (partIndex === 0) start = length / sampleRate;
      for (const span of tokenSpans(synthesis, partTokens)) {
        const s = Math.min(Math.max(span.start, sounding.start), sounding.end);
        words.push({
          start: s + offset,
          end: Math.max(s, Math.min(span.end, sounding.end)) + offset,
        });
      }
      push(
        synthesis.samples.subarray(
          Math.floor(sounding.start * sampleRate),
          Math.ceil(sounding.end * sampleRate),
        ),
      );
    }
    lines.push({ text: line.text, start, end: length / sampleRate, words });
  }
  push(silence(0.6));
  const samples = new Float32Array(length);
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece, at);
    at += piece.length;
  }
  if (spec.snrDb !== null) addNoise(samples, spec.snrDb, random(spec.seed));
  return { samples, sampleRate, lines };
}

/** Gaussian noise `snrDb` below the RMS of the sounding samples (Box–Muller). */
function addNoise(samples: Float32Array, snrDb: number, next: () => number): void {
  let sum = 0;
  let count = 0;
  for (const sample of samples) {
    if (Math.abs(sample) > 1e-4) {
      sum += sample * sample;
      count++;
    }
  }
  const level = Math.sqrt(sum / Math.max(1, count)) * 10 ** (-snrDb / 20);
  for (let i = 0; i < samples.length; i++) {
    const gaussian = Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());
    samples[i] = (samples[i] as number) + level * gaussian;
  }
}

/** A 16-bit PCM mono WAV of the samples. */
export function wavBytes(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    view.setInt16(
      44 + i * 2,
      Math.max(-32768, Math.min(32767, Math.round((samples[i] as number) * 32767))),
      true,
    );
  }
  return bytes;
}
