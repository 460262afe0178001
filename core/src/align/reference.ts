import type { Token } from '../tokens/tokenize.ts';
import type { Synthesis } from './port.ts';

/** Where a line's words lie in a reference signal, in seconds. */
export type ReferenceLine = {
  readonly start: number;
  readonly end: number;
  /** One span per token of the line, in token order. */
  readonly tokens: readonly { readonly start: number; readonly end: number }[];
};

export type Reference = {
  readonly samples: Float32Array;
  readonly sampleRate: number;
  readonly lines: readonly ReferenceLine[];
};

/**
 * The spans of a line's tokens in its synthesis. The synthesiser's words are given to the token
 * their first character falls in (a number spoken as several words is one token); a token the
 * synthesiser said nothing for gets a share of its neighbours' time by its length in characters.
 */
export function tokenSpans(
  synthesis: Synthesis,
  tokens: readonly Token[],
): { start: number; end: number }[] {
  const spans: ({ start: number; end: number } | null)[] = tokens.map(() => null);
  for (const word of synthesis.words) {
    const index = tokens.findIndex((t) => word.charStart < t.end && word.charEnd > t.start);
    if (index < 0) continue;
    const span = spans[index];
    spans[index] = span
      ? { start: Math.min(span.start, word.start), end: Math.max(span.end, word.end) }
      : { start: word.start, end: word.end };
  }
  const duration = synthesis.samples.length / synthesis.sampleRate;
  const result: { start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const known = spans[i];
    if (known) {
      result.push(known);
      continue;
    }
    // A run of tokens without a span shares the gap between the known ones around it.
    let j = i;
    while (j < tokens.length && !spans[j]) j++;
    const from = result.at(-1)?.end ?? 0;
    const to = spans[j]?.start ?? duration;
    const lengths = tokens.slice(i, j).map((t) => t.end - t.start);
    const total = lengths.reduce((a, b) => a + b, 0) || 1;
    let at = from;
    for (const length of lengths) {
      const next = at + ((to - from) * length) / total;
      result.push({ start: at, end: next });
      at = next;
    }
    i = j - 1;
  }
  return result;
}

/** Below the loudest 10 ms of a line by this much, a frame counts as silence. */
const SILENCE_DB = 35;

/**
 * Where a synthesised line really sounds, in seconds: from its first to its last 10 ms frame
 * within SILENCE_DB of its loudest. A synthesiser's last word event runs on through the fading
 * tail to the end of its buffer; left in, that tail would soak up the recording's pause after
 * the line and put the line's end late.
 */
export function soundingSpan(
  samples: Float32Array,
  sampleRate: number,
): { start: number; end: number } {
  const size = Math.max(1, Math.round(sampleRate / 100));
  const frames = Math.floor(samples.length / size);
  const energies = new Float64Array(frames);
  let loudest = 0;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * size; i < (f + 1) * size; i++) sum += (samples[i] as number) ** 2;
    energies[f] = sum / size;
    loudest = Math.max(loudest, energies[f] as number);
  }
  const threshold = loudest * 10 ** (-SILENCE_DB / 10);
  let first = 0;
  while (first < frames && (energies[first] as number) <= threshold) first++;
  let last = frames - 1;
  while (last > first && (energies[last] as number) <= threshold) last--;
  if (first >= frames) return { start: 0, end: samples.length / sampleRate };
  return { start: (first * size) / sampleRate, end: ((last + 1) * size) / sampleRate };
}

/**
 * The reference speech of consecutive lines: each line's synthesis cut to its words, with
 * `gap` seconds of silence before, between and after them (the recording's pauses, however
 * long, warp onto these).
 */
export function joinReference(
  parts: readonly { readonly synthesis: Synthesis; readonly tokens: readonly Token[] }[],
  gap: number,
  sampleRate: number,
): Reference {
  const pieces: Float32Array[] = [];
  const lines: ReferenceLine[] = [];
  const silence = new Float32Array(Math.round(gap * sampleRate));
  let length = 0;
  const push = (piece: Float32Array) => {
    pieces.push(piece);
    length += piece.length;
  };
  push(silence);
  for (const { synthesis, tokens } of parts) {
    if (synthesis.sampleRate !== sampleRate) {
      throw new Error(`reference rates differ: ${synthesis.sampleRate} and ${sampleRate}`);
    }
    const sounding = soundingSpan(synthesis.samples, sampleRate);
    const spans = tokenSpans(synthesis, tokens).map((span) => {
      const start = Math.min(Math.max(span.start, sounding.start), sounding.end);
      return { start, end: Math.max(start, Math.min(span.end, sounding.end)) };
    });
    const first = spans[0]?.start ?? 0;
    const last = spans.at(-1)?.end ?? synthesis.samples.length / sampleRate;
    const cut = synthesis.samples.subarray(
      Math.floor(first * sampleRate),
      Math.ceil(last * sampleRate),
    );
    const offset = length / sampleRate - first;
    lines.push({
      start: length / sampleRate,
      end: length / sampleRate + cut.length / sampleRate,
      tokens: spans.map((s) => ({ start: s.start + offset, end: s.end + offset })),
    });
    push(cut);
    push(silence);
  }
  const samples = new Float32Array(length);
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece, at);
    at += piece.length;
  }
  return { samples, sampleRate, lines };
}
