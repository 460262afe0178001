/**
 * Folds decoded samples into peaks: the maximum absolute sample of each 1/`peaksPerSecond` s,
 * over every channel. Samples arrive in blocks (a decoder's output, a file's data chunk) and
 * the bins carry across blocks, so a whole recording is never held in memory.
 */
export function createPeakFolder(sampleRate: number, peaksPerSecond: number) {
  const samplesPerPeak = sampleRate / peaksPerSecond;
  const peaks: number[] = [];
  let frames = 0;
  let boundary = samplesPerPeak;
  let current = 0;
  let pending = false;
  return {
    /** Adds `length` frames; `channels` hold them as floats in -1..1 (only the first two count). */
    add(channels: readonly Float32Array[], length: number): void {
      const left = channels[0];
      if (!left) return;
      // A mono file decoded to two channels repeats itself: reading one is enough then.
      const right = channels[1] && channels[1] !== left ? channels[1] : null;
      for (let i = 0; i < length; i++) {
        let value = left[i] ?? 0;
        if (value < 0) value = -value;
        if (right) {
          let other = right[i] ?? 0;
          if (other < 0) other = -other;
          if (other > value) value = other;
        }
        if (value > current) current = value;
        pending = true;
        if (++frames >= boundary) {
          peaks.push(current > 1 ? 1 : current);
          current = 0;
          pending = false;
          boundary += samplesPerPeak;
        }
      }
    },
    get frames(): number {
      return frames;
    },
    finish(): Float32Array {
      if (pending) peaks.push(current > 1 ? 1 : current);
      pending = false;
      return Float32Array.from(peaks);
    },
  };
}
export type PeakFolder = ReturnType<typeof createPeakFolder>;

/** Where a decoder puts its samples, block by block: peaks, or the samples themselves. */
export type SampleSink = Pick<PeakFolder, 'add'>;
