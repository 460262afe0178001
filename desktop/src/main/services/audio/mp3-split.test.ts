import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../../test/support/audio.ts';
import { PEAKS_PER_SECOND, decodeAudioBytes } from './decode.ts';
import { mp3PartDecoder, startMp3Helper, stopMp3Helper } from './mp3-helper.ts';
import { mp3Layout } from './mp3-layout.ts';
import { decodeMp3Halves, decodeMp3Part } from './mp3-split.ts';
import { readsInPlace } from './mpg123-feed.ts';

/** The largest difference between two peak lists (Infinity when their lengths differ). */
function maxDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Infinity;
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

describe('an MP3 decoded in two halves at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mp3-split-'));
  afterAll(async () => {
    await stopMp3Helper();
    rmSync(dir, { recursive: true, force: true });
  });
  const bursts = { on: 0.7, off: 0.45 };
  const fixtures = {
    // 44.1 kHz stereo at 128 kb/s with the LAME tag (encoder delay and padding).
    'cbr-stereo.mp3': {
      sampleRate: 44100,
      channels: 2,
      codec: ['-c:a', 'libmp3lame', '-b:a', '128k'],
    },
    // Variable bit rate: frames of every length; silence lets the bit reservoir fill.
    'vbr.mp3': { sampleRate: 44100, channels: 2, codec: ['-c:a', 'libmp3lame', '-q:a', '5'] },
    // MPEG-2 (576 samples a frame, 220.5 samples a peak: the seam falls inside a peak).
    'mpeg2-mono.mp3': {
      sampleRate: 22050,
      channels: 1,
      codec: ['-c:a', 'libmp3lame', '-b:a', '32k'],
    },
    // No Xing/Info frame at all: nothing is trimmed.
    'no-xing.mp3': {
      sampleRate: 48000,
      channels: 2,
      codec: ['-c:a', 'libmp3lame', '-b:a', '96k', '-write_xing', '0'],
    },
  };
  for (const [name, options] of Object.entries(fixtures)) {
    writeAudio(join(dir, name), 37.3, { ...bursts, ...options });
  }

  it.each(Object.keys(fixtures))(
    'returns the same length and peaks as one decode for %s',
    async (name) => {
      const bytes = readFileSync(join(dir, name));
      const whole = await decodeAudioBytes(bytes, true);
      const layout = mp3Layout(bytes);
      expect(layout).not.toBeNull();
      const halves = await decodeMp3Halves(bytes, layout!, decodeMp3Part, PEAKS_PER_SECOND);
      expect(halves?.seconds).toBe(whole.decodedSeconds);
      // The same samples; only float rounding at the seam may differ.
      expect(maxDifference(halves!.peaks, whole.peaks!)).toBeLessThan(1e-6);
      expect(Math.max(...halves!.peaks)).toBeGreaterThan(0.3);
    },
  );

  it('returns null (decode in one piece) when a half does not decode to the predicted length', async () => {
    const bytes = readFileSync(join(dir, 'cbr-stereo.mp3'));
    const layout = mp3Layout(bytes)!;
    const wrongDelay = { ...layout, delay: layout.delay + 576 };
    expect(await decodeMp3Halves(bytes, wrongDelay, decodeMp3Part, PEAKS_PER_SECOND)).toBeNull();
    const failing = () => Promise.reject(new Error('helper gone'));
    expect(await decodeMp3Halves(bytes, layout, failing, PEAKS_PER_SECOND)).toBeNull();
  });

  it('returns no layout for a stream with junk between frames or a layer II file', () => {
    const bytes = readFileSync(join(dir, 'cbr-stereo.mp3'));
    const junk = Buffer.concat([
      bytes.subarray(0, 20_000),
      Buffer.from('junk in the middle'),
      bytes.subarray(20_000),
    ]);
    expect(mp3Layout(junk)).toBeNull();
    writeAudio(join(dir, 'layer2.mp2'), 2, { codec: ['-c:a', 'mp2'] });
    expect(mp3Layout(readFileSync(join(dir, 'layer2.mp2')))).toBeNull();
  });

  it('decodes the second half in the helper thread, which the import worker starts', async () => {
    startMp3Helper(new URL('../importer/import-worker.ts', import.meta.url), ['--import', 'tsx']);
    const decodePart = mp3PartDecoder();
    expect(decodePart).not.toBeNull();
    const bytes = readFileSync(join(dir, 'vbr.mp3'));
    const layout = mp3Layout(bytes)!;
    const inThread = await decodeMp3Halves(bytes, layout, decodeMp3Part, PEAKS_PER_SECOND);
    const helped = await decodeMp3Halves(bytes, layout, decodePart!, PEAKS_PER_SECOND);
    expect(helped?.seconds).toBe(inThread?.seconds);
    expect(maxDifference(helped!.peaks, inThread!.peaks)).toBe(0);
    // decodeAudioBytes takes that path now when a core is idle (else one decode): same answer.
    const viaDecode = await decodeAudioBytes(bytes, true);
    expect(maxDifference(viaDecode.peaks!, inThread!.peaks)).toBeLessThan(1e-6);
  });

  it('reads the decoder output in place with the installed mpg123-decoder (no copies)', async () => {
    const decoder = new MPEGDecoder();
    await decoder.ready;
    expect(readsInPlace(decoder)).toBe(true);
    decoder.free();
  });
});
