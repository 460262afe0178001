import { describe, expect, it } from 'vitest';
import { demoWav } from './demo-content.ts';

describe('demoWav', () => {
  it('returns a RIFF/WAVE file whose data length matches the duration', () => {
    const wav = demoWav(2, [0]);
    const text = (from: number, to: number) => String.fromCharCode(...wav.slice(from, to));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 12)).toBe('WAVE');
    const view = new DataView(wav.buffer);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(40, true)).toBe(16000);
    expect(wav.length).toBe(44 + 16000);
    expect(wav[44 + 8000]).toBe(128);
  });
});
