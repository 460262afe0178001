/** The largest of `max` and |samples[from..to)| (Math.abs is branchless: the hot loop). */
function maxAbs(samples: Float32Array, from: number, to: number, max: number): number {
  for (let j = from; j < to; j++) {
    const value = Math.abs(samples[j] as number);
    if (value > max) max = value;
  }
  return max;
}

/**
 * Folds decoded samples into peaks: the maximum absolute sample of each 1/`peaksPerSecond` s,
 * over every channel. Samples arrive in blocks (a decoder's output, a file's data chunk) and
 * the bins carry across blocks, so a whole recording is never held in memory. A folder may start
 * at `startFrame` (a part of a recording decoded apart): its first peak is then the bin that
 * frame is in, which the part before finishes too (see mergePeaks).
 */
export function createPeakFolder(sampleRate: number, peaksPerSecond: number, startFrame = 0) {
  const samplesPerPeak = sampleRate / peaksPerSecond;
  const peaks: number[] = [];
  let frames = startFrame;
  // Bin b holds frames ceil(b·s) ≤ f < ceil((b+1)·s): the first bin is the one `startFrame` is in.
  let boundary = (Math.floor(startFrame / samplesPerPeak) + 1) * samplesPerPeak;
  let current = 0;
  let pending = false;
  return {
    /** Adds `length` frames; `channels` hold them as floats in -1..1 (only the first two count). */
    add(channels: readonly Float32Array[], length: number): void {
      const left = channels[0];
      if (!left) return;
      // A mono file decoded to two channels repeats itself: reading one is enough then.
      const right = channels[1] && channels[1] !== left ? channels[1] : null;
      let i = 0;
      while (i < length) {
        // The samples up to the next bin's edge, in one tight loop (this runs for every sample
        // of an hour-long recording).
        const stop = Math.min(length, i + Math.max(1, Math.ceil(boundary - frames)));
        let max = maxAbs(left, i, stop, current);
        if (right) max = maxAbs(right, i, stop, max);
        current = max;
        pending = true;
        frames += stop - i;
        i = stop;
        if (frames >= boundary) {
          peaks.push(current > 1 ? 1 : current);
          current = 0;
          pending = false;
          boundary += samplesPerPeak;
        }
      }
    },
    /** Frames folded so far, counted from 0 (not from `startFrame`). */
    get frames(): number {
      return frames - startFrame;
    },
    finish(): Float32Array {
      if (pending) peaks.push(current > 1 ? 1 : current);
      pending = false;
      return Float32Array.from(peaks);
    },
  };
}
export type PeakFolder = ReturnType<typeof createPeakFolder>;

/**
 * Where a decoder puts its samples, block by block: peaks, or the samples themselves. The arrays
 * may be views of a decoder's memory, reused for the next block: a sink copies what it keeps.
 */
export type SampleSink = Pick<PeakFolder, 'add'>;

/**
 * The peaks of a recording from the peaks of its two parts, the second folded from the frame the
 * first ends at: when that frame is inside a bin, both parts hold a piece of it.
 */
export function mergePeaks(
  first: Float32Array,
  second: Float32Array,
  seamFrame: number,
  samplesPerPeak: number,
): Float32Array {
  const binStart = Math.ceil(Math.floor(seamFrame / samplesPerPeak) * samplesPerPeak);
  const shared = binStart !== seamFrame && first.length > 0 && second.length > 0;
  const peaks = new Float32Array(first.length + second.length - (shared ? 1 : 0));
  peaks.set(first);
  if (!shared) {
    peaks.set(second, first.length);
    return peaks;
  }
  const seam = first.length - 1;
  peaks[seam] = Math.max(first[seam] as number, second[0] as number);
  peaks.set(second.subarray(1), first.length);
  return peaks;
}
