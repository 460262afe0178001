import { tokenize } from '../tokens/tokenize.ts';
import type { Token } from '../tokens/tokenize.ts';
import type { WarpOptions, WarpPath } from './dtw.ts';
import { WARP_DEFAULTS, warpMultiResolution } from './dtw.ts';
import type { FeatureOptions, Features, FloorDepth } from './features.ts';
import {
  FEATURE_DEFAULTS,
  cepstra,
  floorDepth,
  melEnergies,
  normalise,
  speechFrames,
} from './features.ts';
import type { SpeechSynthesiser, Synthesis } from './port.ts';
import type { Reference } from './reference.ts';
import { joinReference } from './reference.ts';

export type AlignLineInput = {
  readonly id: number;
  readonly text: string;
  /** Hand-set times: kept as they are, and the lines around them aligned between them. */
  readonly anchor: { readonly start: number; readonly end: number } | null;
};

export type AlignInput = {
  readonly lines: readonly AlignLineInput[];
  /** The recording, mono, -1..1. */
  readonly samples: Float32Array;
  readonly sampleRate: number;
  /** The synthesiser's voice: the language of the lines ('hu'). */
  readonly voice: string;
};

export type AlignedToken = Token & { readonly startTime: number; readonly endTime: number };

export type AlignedLine = {
  readonly id: number;
  readonly startTime: number;
  readonly endTime: number;
  readonly anchored: boolean;
  readonly tokens: readonly AlignedToken[];
};

export type AlignOptions = {
  /** Seconds of silence around each line of the reference. */
  readonly gap: number;
  readonly features: FeatureOptions;
  readonly warp: WarpOptions;
};

export const ALIGN_DEFAULTS: AlignOptions = {
  gap: 0.3,
  features: FEATURE_DEFAULTS,
  warp: WARP_DEFAULTS,
};

/**
 * Reference frames within this many dB of the loudest carry a word's edges through the path: the
 * weak last 10 dB of a fading word are too close to a recording's room noise to place.
 */
const SOUNDING_DB = 20;

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Frames of `features` between two times, as their own feature set. */
function slice(features: Features, from: number, to: number): Features {
  const first = Math.max(0, Math.min(features.count, Math.round(from / features.hop)));
  const last = Math.max(first, Math.min(features.count, Math.round(to / features.hop)));
  return {
    ...features,
    data: features.data.subarray(first * features.dims, last * features.dims),
    count: last - first,
  };
}

/**
 * Maps a word's span in the reference to the recording through the warping path. Silence
 * frames are all alike, so where the path crosses a pause is arbitrary; the span's edges are
 * therefore carried by its first and last sounding frames (the first recording frame paired
 * with the first, the last paired with the last), plus whatever silence the span has inside
 * its edges. A span with no sounding frame falls back to its edges' own frames.
 */
function mapSpan(
  path: WarpPath,
  sounding: Uint8Array,
  referenceHop: number,
  recordingHop: number,
  span: { start: number; end: number },
): { start: number; end: number } {
  const n = path.first.length;
  const clamp = (frame: number) => Math.max(0, Math.min(n - 1, frame));
  const from = clamp(Math.round(span.start / referenceHop));
  const to = clamp(Math.max(from, Math.round(span.end / referenceHop) - 1));
  let first = from;
  while (first <= to && sounding[first] !== 1) first++;
  let last = to;
  while (last >= first && sounding[last] !== 1) last--;
  if (first > to) {
    return {
      start: (path.first[from] as number) * recordingHop,
      end: (path.first[clamp(to + 1)] as number) * recordingHop,
    };
  }
  return {
    start: ((path.first[first] as number) - (first - from)) * recordingHop,
    end: ((path.last[last] as number) + 1 + (to - last)) * recordingHop,
  };
}

type Segment = {
  readonly lines: readonly {
    readonly input: AlignLineInput;
    readonly tokens: readonly Token[];
    readonly synthesis: Synthesis;
  }[];
  readonly from: number;
  readonly to: number;
  /** An anchored line alone: its own times stay, only its words are placed. */
  readonly anchored: boolean;
};

function alignSegment(
  segment: Segment,
  recording: Features,
  depth: FloorDepth,
  sampleRate: number,
  options: AlignOptions,
): AlignedLine[] {
  const gap = segment.anchored ? 0 : options.gap;
  const reference: Reference = joinReference(segment.lines, gap, sampleRate);
  const raw = cepstra(
    melEnergies(reference.samples, reference.sampleRate, options.features),
    depth,
    options.features,
  );
  const sounding = speechFrames(raw, options.features, SOUNDING_DB);
  const referenceFeatures = normalise(raw, options.features);
  const region = normalise(slice(recording, segment.from, segment.to), options.features);
  if (region.count < 2 || referenceFeatures.count < 2) return [];
  const path = warpMultiResolution(referenceFeatures, region, options.warp);
  return segment.lines.map(({ input, tokens }, index) => {
    const line = reference.lines[index] as Reference['lines'][number];
    const timed = tokens.map((token, t) => {
      const span = line.tokens[t] as { start: number; end: number };
      const mapped = mapSpan(path, sounding, referenceFeatures.hop, region.hop, span);
      // Words stay inside their stretch of the recording (an anchor's words inside the anchor).
      const inside = (seconds: number) =>
        round3(Math.min(segment.to, Math.max(segment.from, segment.from + seconds)));
      return { ...token, startTime: inside(mapped.start), endTime: inside(mapped.end) };
    });
    // Consecutive words may touch, never overlap or run backwards.
    for (let t = 0; t < timed.length; t++) {
      const word = timed[t] as AlignedToken;
      const before = timed[t - 1];
      const startTime = before && word.startTime < before.endTime ? before.endTime : word.startTime;
      timed[t] = { ...word, startTime, endTime: Math.max(startTime, word.endTime) };
    }
    const startTime =
      segment.anchored && input.anchor ? input.anchor.start : (timed[0]?.startTime ?? segment.from);
    const endTime =
      segment.anchored && input.anchor ? input.anchor.end : (timed.at(-1)?.endTime ?? segment.to);
    return { id: input.id, startTime, endTime, anchored: segment.anchored, tokens: timed };
  });
}

/**
 * Forced alignment: each line is spoken by the synthesiser, and the reference's frames are
 * warped onto the recording's (DTW over MFCCs); each word's start and end in the reference,
 * carried through the warping path, is its time in the recording. Anchored lines keep their
 * times and split the recording: the lines between two anchors are aligned to the stretch
 * between them only. Lines without words get no times.
 */
export async function alignLines(
  input: AlignInput,
  synthesiser: SpeechSynthesiser,
  options: AlignOptions = ALIGN_DEFAULTS,
): Promise<AlignedLine[]> {
  const duration = input.samples.length / input.sampleRate;
  const prepared: Segment['lines'][number][] = [];
  for (const line of input.lines) {
    const tokens = tokenize(line.text);
    if (tokens.length === 0) continue;
    prepared.push({
      input: line,
      tokens,
      synthesis: await synthesiser.synthesise(line.text.normalize('NFC'), input.voice),
    });
  }
  const rates = new Set(prepared.map((p) => p.synthesis.sampleRate));
  if (rates.size > 1) throw new Error('the synthesiser changed its sample rate between lines');
  const sampleRate = prepared[0]?.synthesis.sampleRate ?? input.sampleRate;
  // Both signals' mel bands must cover the same frequencies to compare: a telephone recording
  // (8 kHz) has nothing above 4 kHz, so the reference's bands stop there too.
  const shared: AlignOptions = {
    ...options,
    features: {
      ...options.features,
      maxHz: Math.min(options.features.maxHz, input.sampleRate / 2, sampleRate / 2),
    },
  };
  const recordingMel = melEnergies(input.samples, input.sampleRate, shared.features);
  const depth = floorDepth(recordingMel);
  const recording = cepstra(recordingMel, depth, shared.features);
  const segments: Segment[] = [];
  let pending: Segment['lines'][number][] = [];
  let from = 0;
  for (const line of prepared) {
    const anchor = line.input.anchor;
    if (!anchor) {
      pending.push(line);
      continue;
    }
    if (pending.length > 0)
      segments.push({ lines: pending, from, to: Math.max(from, anchor.start), anchored: false });
    segments.push({ lines: [line], from: anchor.start, to: anchor.end, anchored: true });
    pending = [];
    from = anchor.end;
  }
  if (pending.length > 0) segments.push({ lines: pending, from, to: duration, anchored: false });
  return segments.flatMap((segment) => alignSegment(segment, recording, depth, sampleRate, shared));
}
