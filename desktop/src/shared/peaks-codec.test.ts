import { describe, expect, it } from 'vitest';
import { decodePeaks, encodePeaks } from './peaks-codec.ts';

describe('peaks codec', () => {
  it('returns the peaks within 1/255 after a round trip, clamped to 0..1', () => {
    const source = Float32Array.from({ length: 100_001 }, (_, i) => (i % 257) / 256);
    const decoded = decodePeaks(encodePeaks([...source, -0.5, 1.7]));
    expect(decoded).toHaveLength(100_003);
    for (let i = 0; i < source.length; i++) {
      expect(Math.abs((decoded[i] ?? 0) - (source[i] ?? 0))).toBeLessThanOrEqual(1 / 255);
    }
    expect([decoded[100_001], decoded[100_002]]).toEqual([0, 1]);
  });

  it('returns an empty array for no peaks', () => {
    expect(decodePeaks(encodePeaks([]))).toHaveLength(0);
  });
});
