import type { Features } from './features.ts';

/**
 * For each reference frame i, the recording frames its column may use: lo[i]..hi[i] inclusive,
 * both never decreasing with i (a band around a diagonal or a coarser path).
 */
export type Band = { readonly lo: Int32Array; readonly hi: Int32Array };

/** For each reference frame, the first and last recording frame the warping path gives it. */
export type WarpPath = { readonly first: Int32Array; readonly last: Int32Array };

const DIAGONAL = 0;
const FROM_REFERENCE = 1; // (i-1, j): the recording stays while the reference moves on
const FROM_RECORDING = 2; // (i, j-1): the reference stays while the recording moves on

function distance(a: Float32Array, i: number, b: Float32Array, j: number, dims: number): number {
  let sum = 0;
  const x = i * dims;
  const y = j * dims;
  for (let k = 0; k < dims; k++) {
    const d = (a[x + k] as number) - (b[y + k] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** The band of a whole matrix, or of a diagonal strip `radius` frames wide when that is smaller. */
export function diagonalBand(n: number, m: number, radius: number): Band {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const center = n <= 1 ? 0 : (i * (m - 1)) / (n - 1);
    lo[i] = Math.max(0, Math.floor(center - radius));
    hi[i] = Math.min(m - 1, Math.ceil(center + radius));
  }
  return { lo, hi };
}

/**
 * Dynamic time warping of the reference's frames (rows) against the recording's (columns)
 * inside `band`, from (0, 0) to (n-1, m-1) with the symmetric steps (1,1), (1,0), (0,1). Memory
 * is one direction byte per cell of the band; two rows of costs.
 */
export function warp(reference: Features, recording: Features, band: Band): WarpPath {
  const n = reference.count;
  const m = recording.count;
  const dims = reference.dims;
  const { lo, hi } = band;
  const offsets = new Float64Array(n + 1);
  for (let i = 0; i < n; i++)
    offsets[i + 1] = (offsets[i] as number) + ((hi[i] as number) - (lo[i] as number) + 1);
  const steps = new Uint8Array(offsets[n] as number);
  let previous = new Float64Array(m).fill(Infinity);
  let current = new Float64Array(m).fill(Infinity);
  for (let i = 0; i < n; i++) {
    const from = lo[i] as number;
    const to = hi[i] as number;
    const base = (offsets[i] as number) - from;
    const prevLo = i > 0 ? (lo[i - 1] as number) : 0;
    const prevHi = i > 0 ? (hi[i - 1] as number) : -1;
    for (let j = from; j <= to; j++) {
      const d = distance(reference.data, i, recording.data, j, dims);
      let best = Infinity;
      let step = DIAGONAL;
      if (i === 0 && j === 0) best = 0;
      if (i > 0 && j > 0 && j - 1 >= prevLo && j - 1 <= prevHi) best = previous[j - 1] as number;
      if (i > 0 && j >= prevLo && j <= prevHi && (previous[j] as number) < best) {
        best = previous[j] as number;
        step = FROM_REFERENCE;
      }
      if (j > from && (current[j - 1] as number) < best) {
        best = current[j - 1] as number;
        step = FROM_RECORDING;
      }
      current[j] = best + d;
      steps[base + j] = step;
    }
    if (i > 0) for (let j = prevLo; j <= prevHi; j++) previous[j] = Infinity;
    [previous, current] = [current, previous];
  }
  const first = new Int32Array(n).fill(m);
  const last = new Int32Array(n).fill(-1);
  let i = n - 1;
  let j = m - 1;
  for (;;) {
    if (j < (first[i] as number)) first[i] = j;
    if (j > (last[i] as number)) last[i] = j;
    if (i === 0 && j === 0) break;
    const step = steps[(offsets[i] as number) - (lo[i] as number) + j];
    if (step === DIAGONAL) {
      i--;
      j--;
    } else if (step === FROM_REFERENCE) i--;
    else j--;
    if (i < 0 || j < 0) break;
  }
  return { first, last };
}

/** Frames averaged in blocks of `factor`: the coarse level of the multi-resolution search. */
export function coarsen(features: Features, factor: number): Features {
  const count = Math.ceil(features.count / factor);
  const { dims } = features;
  const data = new Float32Array(count * dims);
  for (let c = 0; c < count; c++) {
    const start = c * factor;
    const end = Math.min(features.count, start + factor);
    for (let f = start; f < end; f++) {
      for (let k = 0; k < dims; k++)
        data[c * dims + k] =
          (data[c * dims + k] as number) + (features.data[f * dims + k] as number) / (end - start);
    }
  }
  return { data, count, dims, hop: features.hop * factor };
}

/** The band at full resolution around a coarse path, `radius` fine frames to either side. */
export function bandAround(
  coarse: WarpPath,
  factor: number,
  n: number,
  m: number,
  radius: number,
): Band {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = Math.min(coarse.first.length - 1, Math.floor(i / factor));
    lo[i] = Math.max(0, (coarse.first[c] as number) * factor - radius);
    hi[i] = Math.min(m - 1, ((coarse.last[c] as number) + 1) * factor - 1 + radius);
  }
  lo[0] = 0;
  hi[n - 1] = m - 1;
  for (let i = n - 2; i >= 0; i--)
    if ((lo[i] as number) > (lo[i + 1] as number)) lo[i] = lo[i + 1] as number;
  for (let i = 1; i < n; i++)
    if ((hi[i] as number) < (hi[i - 1] as number)) hi[i] = hi[i - 1] as number;
  return { lo, hi };
}

export type WarpOptions = {
  /** Fine frames averaged into one coarse frame. */
  readonly coarseFactor: number;
  /** Cells the coarse matrix may have before it becomes a diagonal strip. */
  readonly coarseCells: number;
  /** Fine frames to either side of the coarse path searched at full resolution. */
  readonly radius: number;
};

export const WARP_DEFAULTS: WarpOptions = { coarseFactor: 10, coarseCells: 40_000_000, radius: 60 };

/**
 * Multi-resolution DTW: the whole matrix (or a wide diagonal strip of it, when long) on frames
 * averaged tenfold, then full resolution inside a band around that coarse path. Linear in the
 * length at full resolution, so a 10-minute dialogue takes seconds.
 */
export function warpMultiResolution(
  reference: Features,
  recording: Features,
  options: WarpOptions = WARP_DEFAULTS,
): WarpPath {
  const n = reference.count;
  const m = recording.count;
  if (n * m <= options.coarseCells / 10 || n < 4 * options.coarseFactor) {
    return warp(reference, recording, diagonalBand(n, m, Math.max(n, m)));
  }
  const coarseReference = coarsen(reference, options.coarseFactor);
  const coarseRecording = coarsen(recording, options.coarseFactor);
  const cn = coarseReference.count;
  const cm = coarseRecording.count;
  const radius =
    cn * cm <= options.coarseCells
      ? Math.max(cn, cm)
      : Math.max(10, Math.floor(options.coarseCells / (2 * cn)));
  const coarse = warp(coarseReference, coarseRecording, diagonalBand(cn, cm, radius));
  return warp(reference, recording, bandAround(coarse, options.coarseFactor, n, m, options.radius));
}
