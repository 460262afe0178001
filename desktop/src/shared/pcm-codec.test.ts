import { describe, expect, it } from 'vitest';
import { decodePcm, encodePcm } from './pcm-codec.ts';

describe('pcm codec', () => {
  it('returns the samples it was given, to 16 bits, clipped to -1..1', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2, 1e-5]);
    const decoded = decodePcm(encodePcm(samples, 11_025));
    expect(decoded).toHaveLength(8);
    const expected = [0, 0.5, -0.5, 1, -1, 1, -1, 0];
    decoded.forEach((value, i) => expect(value).toBeCloseTo(expected[i] as number, 4));
  });

  it('returns the sample rate with the data', () => {
    expect(encodePcm(new Float32Array(3), 8000).sampleRate).toBe(8000);
  });
});
