import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../../test/support/audio.ts';
import { audioRole } from '../importer/classify.ts';
import { oggCodec, sniffContainer } from './container.ts';
import { decodeAudioBytes } from './decode.ts';
import { decodeMonoBytes } from './mono-samples.ts';
import { probeAudio } from './probe.ts';

const PHONE = new URL('../../../../test/fixtures/phone/', import.meta.url);
const phone = (name: string) => readFileSync(new URL(name, PHONE));

describe('phone recordings decoded in process (FLAC, Ogg Opus, Ogg Vorbis)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formats-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = (name: string) => join(dir, name);
  const bursts = { on: 0.5, off: 0.5, sampleRate: 48_000 };
  writeAudio(path('bursts.flac'), 2, { ...bursts, channels: 2 });
  writeAudio(path('bursts.opus'), 2, { ...bursts, codec: ['-c:a', 'libopus', '-b:a', '32k'] });
  writeAudio(path('bursts.ogg'), 2, {
    ...bursts,
    sampleRate: 44_100,
    codec: ['-c:a', 'libvorbis'],
  });

  it.each([
    ['bursts.flac', 'flac', null],
    ['bursts.opus', 'ogg', 'opus'],
    ['bursts.ogg', 'ogg', 'vorbis'],
  ])('returns sound and silence where they are in %s', async (file, container, codec) => {
    const bytes = readFileSync(path(file));
    expect(sniffContainer(bytes)).toBe(container);
    expect(oggCodec(bytes)).toBe(codec);
    const decoded = await decodeAudioBytes(bytes, true);
    const peaks = decoded.peaks ?? new Float32Array();
    expect(decoded.decodedSeconds).toBeCloseTo(2, 1);
    expect(Math.min(...peaks.slice(10, 40))).toBeGreaterThan(0.3);
    expect(Math.min(...peaks.slice(110, 140))).toBeGreaterThan(0.3);
    expect(Math.max(...peaks.slice(65, 90))).toBeLessThan(0.05);
  });

  it('returns the mono samples the aligner listens to from an Ogg Opus file', async () => {
    const mono = await decodeMonoBytes(readFileSync(path('bursts.opus')));
    expect(mono.sampleRate).toBe(48_000);
    expect(mono.samples.length / mono.sampleRate).toBeCloseTo(2, 1);
  });

  it('returns a truncated FLAC as far as it decodes and a lone Ogg page as broken', async () => {
    const flac = readFileSync(path('bursts.flac'));
    const half = await decodeAudioBytes(flac.subarray(0, Math.floor(flac.length / 2)), false);
    // Silence takes almost no bytes in FLAC: half the file is well under half the time.
    expect(half.decodedSeconds).toBeGreaterThan(0.2);
    expect(half.decodedSeconds).toBeLessThan(1.6);
    await expect(decodeAudioBytes(Buffer.from('OggS'), false)).rejects.toMatchObject({
      reason: 'broken',
    });
    await expect(
      decodeAudioBytes(Buffer.from('fLaC and nothing else'), false),
    ).rejects.toMatchObject({
      reason: 'broken',
    });
  });

  it('returns word recordings of the phone fixture with their lengths, the Opus named .mp3 included', async () => {
    for (const file of [
      'words/alma.ogg',
      'words/körte.flac',
      'words/kávé.mp3',
      'words/szőlő.m4a',
    ]) {
      const probe = await probeAudio(fileURLToPath(new URL(file, PHONE)), file, null);
      expect(probe.issues, file).toEqual([]);
      expect(probe.durationSeconds, file).toBeGreaterThan(0.5);
      expect(probe.durationSeconds, file).toBeLessThan(1.2);
    }
  });

  it.each([
    ['words/kávé.mp3', 'ogg'],
    ['words/alma.ogg', 'ogg'],
    ['words/körte.flac', 'flac'],
    ['dialogue.m4a', 'mp4'],
  ])('classifies %s by its bytes as %s audio', (file, container) => {
    expect(audioRole(file, phone(file))).toEqual({ role: 'audio', container });
  });

  it.each([
    ['notes.txt', Buffer.from('not audio'), null],
    ['renamed.dat', phone('words/körte.flac'), { role: 'audio', container: 'flac' }],
    ['broken.m4a', Buffer.from('nothing'), { role: 'audio', container: 'unknown' }],
    ['voice.wma', Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66]), { role: 'unsupported' }],
    ['voice.bin', Buffer.from('FORM\0\0\0\x10AIFF'), { role: 'unsupported' }],
    ['clip.webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), { role: 'unsupported' }],
  ])('classifies %s by content first, its name second', (name, bytes, role) => {
    expect(audioRole(name, bytes)).toEqual(role);
  });
});
