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
      let i = 0;
      while (i < length) {
        // The samples up to the next bin's edge, in one tight loop (this runs for every sample
        // of an hour-long recording).
        const stop = Math.min(length, i + Math.max(1, Math.ceil(boundary - frames)));
        let max = current;
        for (let j = i; j < stop; j++) {
          const l = left[j] as number;
          if (l > max) max = l;
          else if (-l > max) max = -l;
        }
        if (right) {
          for (let j = i; j < stop; j++) {
            const r = right[j] as number;
            if (r > max) max = r;
            else if (-r > max) max = -r;
          }
        }
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
