import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../../test/support/audio.ts';
import { decodeAudio } from './decode.ts';
import { scanMp3 } from './mp3-frames.ts';
import { scanWav } from './wav-data.ts';

describe('audio scans', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeAudio(join(dir, 'two.mp3'), 2, { sampleRate: 22050 });
  writeAudio(join(dir, 'one.mp3'), 1, { sampleRate: 44100 });
  writeAudio(join(dir, 'two.wav'), 2);
  const mp3 = readFileSync(join(dir, 'two.mp3'));
  const wav = readFileSync(join(dir, 'two.wav'));

  it.each([
    ['two.mp3', 2],
    ['one.mp3', 1],
  ])('returns the frame duration of %s', (file, seconds) => {
    const scan = scanMp3(readFileSync(join(dir, file)));
    expect(scan?.truncated).toBe(false);
    expect(scan?.seconds).toBeGreaterThan(seconds - 0.1);
    expect(scan?.seconds).toBeLessThan(seconds + 0.15);
  });

  it('returns truncated for an MP3 cut inside a frame', () => {
    const scan = scanMp3(mp3.subarray(0, Math.floor(mp3.length / 2) + 7));
    expect(scan?.truncated).toBe(true);
    expect(scan?.seconds).toBeLessThan(1.2);
  });

  it.each([
    ['text', Buffer.from('this is not audio at all')],
    ['zeros', Buffer.alloc(5000)],
    ['random bytes with a lone sync word', Buffer.from([0xff, 0xfb, 0x90, 0x64, 1, 2, 3, 4, 5])],
    ['an empty file', Buffer.alloc(0)],
  ])('returns null for %s', (_label, bytes) => {
    expect(scanMp3(bytes)).toBeNull();
  });

  it('returns equal declared and actual length for a sound WAV and the lie for a patched one', () => {
    const sound = scanWav(wav);
    expect(sound?.declaredSeconds).toBeCloseTo(2, 1);
    expect(sound?.actualSeconds).toBeCloseTo(2, 1);
    const lying = Buffer.from(wav);
    const data = lying.indexOf('data', 12, 'latin1') + 4;
    lying.writeUInt32LE(lying.readUInt32LE(data) * 10, data);
    expect(scanWav(lying)).toMatchObject({ declaredSeconds: expect.closeTo(20, 0) as number });
    expect(scanWav(lying)?.actualSeconds).toBeCloseTo(2, 1);
    expect(scanWav(Buffer.from('RIFF....WAVEjunk'))).toBeNull();
  });

  it('returns 100 peaks per second from ffmpeg, loud where the tone is', async () => {
    const decoded = await decodeAudio(join(dir, 'two.wav'), true);
    expect(decoded.decodedSeconds).toBeCloseTo(2, 1);
    expect(decoded.peaks?.length).toBe(200);
    expect(Math.max(...(decoded.peaks ?? []))).toBeGreaterThan(0.5);
  });

  it('rejects a file ffmpeg cannot decode', async () => {
    await expect(decodeAudio(join(dir, 'missing.mp3'), false)).rejects.toThrow();
  });
});
