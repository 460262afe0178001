import FFT from 'fft.js';
import { decimate } from './decimate.ts';

/** Feature vectors of one signal, one per hop, row after row in `data`. */
export type Features = {
  readonly data: Float32Array;
  readonly count: number;
  readonly dims: number;
  /** Seconds between two frames. */
  readonly hop: number;
};

export type FeatureOptions = {
  /** Seconds between frames. */
  readonly hop: number;
  /** Seconds each frame looks at. */
  readonly window: number;
  /** The mel bands span minHz..maxHz (the same for both signals, so they compare). */
  readonly minHz: number;
  readonly maxHz: number;
  readonly bands: number;
  /** Cepstral coefficients kept, c0 (log energy) included. */
  readonly coefficients: number;
};

export const FEATURE_DEFAULTS: FeatureOptions = {
  hop: 0.01,
  window: 0.025,
  minHz: 100,
  maxHz: 5500,
  bands: 26,
  coefficients: 13,
};

/** Below this power a mel band counts as silent: digital silence and a quiet room compare. */
const POWER_FLOOR = 1e-7;
const PRE_EMPHASIS = 0.97;

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular filters over the FFT bins, spaced evenly in mel between minHz and maxHz. */
function melFilters(options: FeatureOptions, fftSize: number, sampleRate: number) {
  const low = mel(options.minHz);
  const high = mel(Math.min(options.maxHz, sampleRate / 2));
  const edges = Array.from(
    { length: options.bands + 2 },
    (_, i) => (hzOfMel(low + ((high - low) * i) / (options.bands + 1)) * fftSize) / sampleRate,
  );
  return Array.from({ length: options.bands }, (_, b) => {
    const [left, center, right] = [
      edges[b] as number,
      edges[b + 1] as number,
      edges[b + 2] as number,
    ];
    const first = Math.max(1, Math.ceil(left));
    const last = Math.min(fftSize / 2, Math.floor(right));
    const weights = new Float32Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin++) {
      weights[bin - first] =
        bin <= center ? (bin - left) / (center - left || 1) : (right - bin) / (right - center || 1);
    }
    return { first, weights };
  });
}

/** DCT-II basis rows for the first `count` coefficients over `bands` log energies. */
function dctBasis(count: number, bands: number): Float32Array[] {
  return Array.from({ length: count }, (_, k) => {
    const row = new Float32Array(bands);
    const scale = Math.sqrt((k === 0 ? 1 : 2) / bands);
    for (let n = 0; n < bands; n++) row[n] = scale * Math.cos((Math.PI * k * (n + 0.5)) / bands);
    return row;
  });
}

/** The integer factor that brings a rate down to 11–24 kHz before the spectra are taken. */
export function decimationFactor(sampleRate: number): number {
  return Math.max(1, Math.floor(sampleRate / 12_000));
}

/** Log mel band energies, one row of `bands` per frame (natural log, floored at POWER_FLOOR). */
export type MelEnergies = Features;

/**
 * Log mel band energies of a mono signal: pre-emphasis, a Hamming window every `hop` seconds,
 * the power spectrum by fft.js, triangular mel filters. High sample rates are first decimated
 * (filtered) so a 48 kHz recording costs what a 16 kHz one does.
 */
export function melEnergies(
  input: Float32Array,
  inputRate: number,
  options: FeatureOptions = FEATURE_DEFAULTS,
): MelEnergies {
  const factor = decimationFactor(inputRate);
  const samples = decimate(input, factor);
  const sampleRate = inputRate / factor;
  const hop = Math.max(1, Math.round(options.hop * sampleRate));
  const windowLength = Math.round(options.window * sampleRate);
  let fftSize = 16;
  while (fftSize < windowLength) fftSize *= 2;
  const fft = new FFT(fftSize);
  const spectrum = fft.createComplexArray();
  const frame = new Float32Array(fftSize);
  const hamming = Float32Array.from(
    { length: windowLength },
    (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (windowLength - 1)),
  );
  const filters = melFilters(options, fftSize, sampleRate);
  const count =
    samples.length < windowLength ? 0 : Math.floor((samples.length - windowLength) / hop) + 1;
  const dims = options.bands;
  const data = new Float32Array(count * dims);
  const power = new Float32Array(fftSize / 2 + 1);
  for (let f = 0; f < count; f++) {
    const at = f * hop;
    let previous = at > 0 ? (samples[at - 1] as number) : 0;
    for (let i = 0; i < windowLength; i++) {
      const sample = samples[at + i] as number;
      frame[i] = (sample - PRE_EMPHASIS * previous) * (hamming[i] as number);
      previous = sample;
    }
    fft.realTransform(spectrum, frame);
    for (let bin = 0; bin <= fftSize / 2; bin++) {
      const re = spectrum[2 * bin] as number;
      const im = spectrum[2 * bin + 1] as number;
      power[bin] = (re * re + im * im) / fftSize;
    }
    for (let b = 0; b < filters.length; b++) {
      const { first, weights } = filters[b] as (typeof filters)[number];
      let energy = 0;
      for (let w = 0; w < weights.length; w++) {
        energy += (weights[w] as number) * (power[first + w] as number);
      }
      data[f * dims + b] = Math.log(Math.max(energy, POWER_FLOOR));
    }
  }
  return { data, count, dims, hop: hop / sampleRate };
}

/** The value below which `fraction` of a band's frames lie. */
function bandPercentile(mel: MelEnergies, band: number, fraction: number): number {
  const values = new Float32Array(mel.count);
  for (let f = 0; f < mel.count; f++) values[f] = mel.data[f * mel.dims + band] as number;
  values.sort();
  return values[Math.min(mel.count - 1, Math.floor(fraction * mel.count))] ?? 0;
}

/** How far below the speech each band's quiet lies (log units): the noise floor of a signal. */
export type FloorDepth = Float32Array;

/** Quiet is a band's 10th percentile, speech its 90th; never deeper than MAX_FLOOR_DEPTH. */
export function floorDepth(mel: MelEnergies): FloorDepth {
  return Float32Array.from({ length: mel.dims }, (_, b) =>
    Math.min(MAX_FLOOR_DEPTH, bandPercentile(mel, b, 0.9) - bandPercentile(mel, b, 0.1)),
  );
}

/** 50 dB in natural-log power units. */
const MAX_FLOOR_DEPTH = 5 * Math.LN10;

/**
 * Cepstral coefficients (a DCT of the log mel energies) with each band floored `depth` below
 * its own speech level. Given the recording's depth, the reference's digital silence and the
 * recording's room noise become the same floor, and weak sounds under the noise are cut in
 * both alike; otherwise noise would look more like a fading word than like the reference's
 * silence, and words would swallow the pauses after them.
 */
export function cepstra(
  mel: MelEnergies,
  depth: FloorDepth,
  options: FeatureOptions = FEATURE_DEFAULTS,
): Features {
  const basis = dctBasis(options.coefficients, options.bands);
  const floors = Float32Array.from(
    { length: mel.dims },
    (_, b) => bandPercentile(mel, b, 0.9) - (depth[b] as number),
  );
  const dims = options.coefficients;
  const data = new Float32Array(mel.count * dims);
  for (let f = 0; f < mel.count; f++) {
    for (let k = 0; k < dims; k++) {
      const row = basis[k] as Float32Array;
      let acc = 0;
      for (let b = 0; b < row.length; b++) {
        acc +=
          (row[b] as number) * Math.max(mel.data[f * mel.dims + b] as number, floors[b] as number);
      }
      data[f * dims + k] = acc;
    }
  }
  return { data, count: mel.count, dims, hop: mel.hop };
}

/** Frames within this many decibels of a signal's loudest count as speech for normalising. */
const SPEECH_RANGE_DB = 30;

/**
 * 1 for each frame within `rangeDb` of the signal's loudest (by c0 of un-normalised
 * features), 0 for the silence between.
 */
export function speechFrames(
  features: Features,
  options: FeatureOptions = FEATURE_DEFAULTS,
  rangeDb: number = SPEECH_RANGE_DB,
): Uint8Array {
  const { data, count, dims } = features;
  let loudest = -Infinity;
  for (let f = 0; f < count; f++) loudest = Math.max(loudest, data[f * dims] as number);
  // c0 is sqrt(1/bands) times the sum of the bands' natural-log energies.
  const range = Math.sqrt(options.bands) * (rangeDb / 10) * Math.LN10;
  const mask = new Uint8Array(count);
  for (let f = 0; f < count; f++) mask[f] = (data[f * dims] as number) >= loudest - range ? 1 : 0;
  return mask;
}

/**
 * Each coefficient shifted and scaled to mean 0 and variance 1 over the signal's speech frames
 * (cepstral mean and variance normalisation), so a microphone's colour and level do not count
 * as difference. The statistics come from the frames within SPEECH_RANGE_DB of the loudest
 * only: a recording with long pauses and a reference with short ones then map silence and
 * speech alike (statistics over all frames would shift one signal's silence towards speech).
 */
export function normalise(
  features: Features,
  options: FeatureOptions = FEATURE_DEFAULTS,
): Features {
  const { data, count, dims } = features;
  const mask = speechFrames(features, options);
  const speech: number[] = [];
  for (let f = 0; f < count; f++) if (mask[f] === 1) speech.push(f);
  const out = new Float32Array(data.length);
  for (let k = 0; k < dims; k++) {
    let sum = 0;
    let squares = 0;
    for (const f of speech) {
      const v = data[f * dims + k] as number;
      sum += v;
      squares += v * v;
    }
    const n = speech.length;
    const mean = n > 0 ? sum / n : 0;
    const deviation = Math.sqrt(Math.max(n > 0 ? squares / n - mean * mean : 0, 1e-9));
    for (let f = 0; f < count; f++)
      out[f * dims + k] = ((data[f * dims + k] as number) - mean) / deviation;
  }
  return { ...features, data: out };
}
