const TAPS_PER_SIDE = 16;

/**
 * Low-pass filters `samples` (a Hann-windowed sinc at 0.45 of the new rate) and keeps every
 * `factor`-th sample, so content above the new Nyquist frequency does not fold back into the
 * bands the features use. `factor` 1 returns the input unchanged.
 */
export function decimate(samples: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return samples;
  const cutoff = 0.45 / factor; // cycles per input sample
  const width = TAPS_PER_SIDE * factor;
  const kernel = new Float32Array(2 * width + 1);
  let sum = 0;
  for (let k = -width; k <= width; k++) {
    const sinc = k === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * k) / (Math.PI * k);
    const window = 0.5 + 0.5 * Math.cos((Math.PI * k) / (width + 1));
    const value = sinc * window;
    kernel[k + width] = value;
    sum += value;
  }
  for (let k = 0; k < kernel.length; k++) kernel[k] = (kernel[k] as number) / sum;
  const out = new Float32Array(Math.floor(samples.length / factor));
  const last = samples.length - 1;
  for (let o = 0; o < out.length; o++) {
    const center = o * factor;
    let acc = 0;
    const from = Math.max(-width, -center);
    const to = Math.min(width, last - center);
    for (let k = from; k <= to; k++)
      acc += (kernel[k + width] as number) * (samples[center + k] as number);
    out[o] = acc;
  }
  return out;
}
