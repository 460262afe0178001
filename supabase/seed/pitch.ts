// A small pitch tracker for the course check: ffmpeg decodes the audio, YIN (de Cheveigné & Kawahara
// 2002) finds the fundamental frequency every 10 ms, and a segment whose text has n syllables is
// cut into n at the deepest dips of its intensity. Used to check that yes/no questions end
// Hungarian-style: the last syllable lower than the one before it.
import { execFileSync } from 'node:child_process';

export const TRACK_RATE = 8_000;
const WINDOW = 320; // 40 ms: two periods at the lowest F0
const HOP = 80; // 10 ms
const MIN_F0 = 55;
const MAX_F0 = 450;
const YIN_THRESHOLD = 0.2;
/** Without a dip below the threshold, the best dip still counts as voiced up to this value. */
const YIN_FALLBACK = 0.4;
/** Two syllable boundaries are at least this many frames (10 ms) apart. */
const MIN_SYLLABLE = 5;
/** Frames quieter than the loudest by more than this (dB) are not part of a syllable's vowel. */
const LOUD_DB = 20;
/** A syllable's vowel: its frames within this many dB of its loudest. */
const VOWEL_DB = 6;

export type Frame = {
  /** Centre of the analysis window, seconds from the start of the decoded segment. */
  readonly time: number;
  readonly db: number;
  /** Hz, or 0 when unvoiced. */
  readonly f0: number;
};

/**
 * A whole audio file as mono float samples at TRACK_RATE. ffmpeg decodes (sox here has no MP3
 * support) and honours the encoder's gapless information, so sample 0 is the first sample the
 * generator wrote and seconds in timings.json map directly to sample positions.
 */
export function decode(file: string): Float32Array {
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-f', 'f32le', '-ac', '1', '-ar', String(TRACK_RATE), '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const copy = new Uint8Array(raw.byteLength);
  copy.set(raw);
  return new Float32Array(copy.buffer);
}

/** The samples of [start, end) seconds. */
export function segment(samples: Float32Array, start: number, end: number): Float32Array {
  return samples.subarray(Math.round(start * TRACK_RATE), Math.round(end * TRACK_RATE));
}

/** YIN fundamental frequency of one window, or 0 when it is not periodic enough. */
function yin(x: Float32Array, start: number): number {
  const maxTau = Math.floor(TRACK_RATE / MIN_F0);
  const minTau = Math.floor(TRACK_RATE / MAX_F0);
  const diff = new Float64Array(maxTau + 2);
  for (let tau = 1; tau <= maxTau + 1; tau++) {
    let sum = 0;
    for (let i = 0; i < WINDOW; i++) {
      const d = (x[start + i] ?? 0) - (x[start + i + tau] ?? 0);
      sum += d * d;
    }
    diff[tau] = sum;
  }
  // Cumulative mean normalised difference.
  const cmnd = new Float64Array(maxTau + 2);
  cmnd[0] = 1;
  let running = 0;
  for (let tau = 1; tau <= maxTau + 1; tau++) {
    running += diff[tau] ?? 0;
    cmnd[tau] = running === 0 ? 1 : ((diff[tau] ?? 0) * tau) / running;
  }
  let chosen = -1;
  for (let tau = minTau; tau <= maxTau; tau++) {
    if ((cmnd[tau] ?? 1) < YIN_THRESHOLD) {
      while (tau + 1 <= maxTau && (cmnd[tau + 1] ?? 1) < (cmnd[tau] ?? 1)) tau++;
      chosen = tau;
      break;
    }
  }
  if (chosen < 0) {
    let best = minTau;
    for (let tau = minTau; tau <= maxTau; tau++)
      if ((cmnd[tau] ?? 1) < (cmnd[best] ?? 1)) best = tau;
    if ((cmnd[best] ?? 1) >= YIN_FALLBACK) return 0;
    chosen = best;
  }
  // Parabolic interpolation around the minimum for sub-sample precision.
  const a = cmnd[chosen - 1] ?? 0;
  const b = cmnd[chosen] ?? 0;
  const c = cmnd[chosen + 1] ?? 0;
  const denominator = a - 2 * b + c;
  const shift = denominator === 0 ? 0 : (a - c) / (2 * denominator);
  return TRACK_RATE / (chosen + shift);
}

export function track(samples: Float32Array): Frame[] {
  const frames: Frame[] = [];
  const maxTau = Math.floor(TRACK_RATE / MIN_F0) + 1;
  for (let start = 0; start + WINDOW + maxTau <= samples.length; start += HOP) {
    let energy = 0;
    for (let i = 0; i < WINDOW; i++) energy += (samples[start + i] ?? 0) ** 2;
    const rms = Math.sqrt(energy / WINDOW);
    const db = 20 * Math.log10(rms + 1e-9);
    frames.push({
      time: (start + WINDOW / 2) / TRACK_RATE,
      db,
      f0: rms > 1e-3 ? yin(samples, start) : 0,
    });
  }
  return frames;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor(sorted.length / 2)] ?? 0);
}

/** Syllables of Hungarian text: one per vowel letter (Hungarian has no diphthongs). */
export function syllableCount(text: string): number {
  return (text.normalize('NFC').match(/[aáeéiíoóöőuúüű]/giu) ?? []).length;
}

/**
 * Cuts the voiced stretch of a segment into `count` syllables at the `count - 1` deepest dips of
 * the smoothed intensity (consonants are quieter than the vowels around them), at least
 * MIN_SYLLABLE frames apart. Returns the frame index where each syllable starts, plus the end.
 */
export function syllableBounds(frames: readonly Frame[], count: number): number[] | null {
  // Voiced and loud: a faint periodic tail (a stop's release, an echo) is not a syllable.
  const loudest = Math.max(...frames.map((f) => f.db));
  const sounding = frames.map((f) => f.f0 > 0 && f.db >= loudest - LOUD_DB);
  const first = sounding.indexOf(true);
  const last = sounding.lastIndexOf(true);
  if (first < 0 || count < 1) return null;
  const smooth = frames.map((_, i) => {
    const window = frames.slice(Math.max(0, i - 2), i + 3);
    return window.reduce((sum, f) => sum + f.db, 0) / window.length;
  });
  // Candidate cuts, deepest first: the middle of every silent or unvoiced stretch (a voiceless
  // consonant always separates two vowels), then the intensity dips inside voiced stretches
  // (a sonorant between vowels is quieter than they are).
  const candidates: { at: number; depth: number }[] = [];
  for (let i = first + 1; i < last; i++) {
    if (sounding[i]) {
      const level = smooth[i] ?? 0;
      if (
        sounding[i - 1] &&
        sounding[i + 1] &&
        level <= (smooth[i - 1] ?? 0) &&
        level < (smooth[i + 1] ?? 0)
      ) {
        candidates.push({ at: i, depth: level });
      }
      continue;
    }
    let end = i;
    while (end + 1 < last && !sounding[end + 1]) end++;
    candidates.push({ at: Math.floor((i + end) / 2), depth: -Infinity });
    i = end;
  }
  candidates.sort((a, b) => a.depth - b.depth);
  const cuts: number[] = [];
  for (const { at } of candidates) {
    if (cuts.length === count - 1) break;
    if (cuts.every((c) => Math.abs(c - at) >= MIN_SYLLABLE)) cuts.push(at);
  }
  if (cuts.length !== count - 1) return null;
  return [first, ...cuts.sort((a, b) => a - b), last + 1];
}

/**
 * F0 (Hz) of each syllable: the median over its vowel, taken as the voiced frames within
 * VOWEL_DB of the syllable's loudest frame (a voiced consonant next to it is quieter and may
 * carry the pitch movement of its neighbour).
 */
export function syllablePitches(frames: readonly Frame[], bounds: readonly number[]): number[] {
  return bounds.slice(0, -1).map((from, k) => {
    const syllable = frames.slice(from, bounds[k + 1]).filter((f) => f.f0 > 0);
    const peak = Math.max(...syllable.map((f) => f.db));
    return median(syllable.filter((f) => f.db >= peak - VOWEL_DB).map((f) => f.f0));
  });
}

/**
 * F0 (Hz) of the last two syllables of a spoken segment whose text has `count` syllables, or
 * null when the audio cannot be cut into that many.
 */
export function finalSyllablePitches(
  samples: Float32Array,
  count: number,
): { penultimate: number; last: number } | null {
  if (count < 2) return null;
  const frames = track(samples);
  const bounds = syllableBounds(frames, count);
  if (!bounds) return null;
  const pitches = syllablePitches(frames, bounds);
  return { penultimate: pitches[count - 2] ?? 0, last: pitches[count - 1] ?? 0 };
}

/** How much of the end of a question counts as its last vowel, and how far back the peak is sought. */
const FINAL_MS = 60;
const PEAK_WINDOW_MS = 500;

/**
 * The end of a question's melody: `final` is the median F0 (Hz) of its last 60 ms of voiced
 * speech (the last syllable's vowel: the final run of loud voiced frames, so a voiced consonant
 * before it does not count), `peak` the highest F0 (3-frame median) in the 500 ms before that
 * (the second-to-last syllable, where Hungarian yes/no questions peak). null without voicing.
 */
export function questionEnding(samples: Float32Array): { peak: number; final: number } | null {
  const frames = track(samples);
  const loudest = Math.max(...frames.map((f) => f.db));
  const sounding = frames.map((f) => f.f0 > 0 && f.db >= loudest - LOUD_DB);
  const lastIndex = sounding.lastIndexOf(true);
  if (lastIndex < 0) return null;
  let runStart = lastIndex;
  while (runStart > 0 && sounding[runStart - 1]) runStart--;
  const finalFrom = Math.max(runStart, lastIndex + 1 - FINAL_MS / 10);
  const final = median(frames.slice(finalFrom, lastIndex + 1).map((f) => f.f0));
  const windowFrom = Math.max(0, finalFrom - PEAK_WINDOW_MS / 10);
  let peak = 0;
  for (let i = windowFrom; i < finalFrom; i++) {
    if (!sounding[i]) continue;
    const around = [i - 1, i, i + 1].filter((j) => sounding[j]).map((j) => frames[j]?.f0 ?? 0);
    peak = Math.max(peak, median(around));
  }
  return peak > 0 ? { peak, final } : null;
}
