import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../../test/support/audio.ts';
import { findOnPath } from '../../../../test/support/no-ffmpeg-env.ts';
import { DecodeError, decodeAudio, decodeAudioBytes, sniffContainer } from './decode.ts';
import { scanMp3 } from './mp3-frames.ts';
import { probeAudio } from './probe.ts';
import { scanWav } from './wav-data.ts';

describe('audio decoding in process (no ffmpeg on PATH)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'decode-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = (name: string) => join(dir, name);
  // Two bursts of tone: 0.5 s on, 0.5 s off, twice.
  const bursts = { on: 0.5, off: 0.5 };
  writeAudio(path('two.mp3'), 2, { sampleRate: 22050 });
  writeAudio(path('one.mp3'), 1, { sampleRate: 44100 });
  writeAudio(path('bursts.mp3'), 2, {
    ...bursts,
    sampleRate: 44100,
    channels: 2,
    codec: ['-c:a', 'libmp3lame', '-b:a', '128k'],
  });
  writeAudio(path('two.wav'), 2);
  writeAudio(path('bursts-u8.wav'), 2, { ...bursts, codec: ['-c:a', 'pcm_u8'] });
  writeAudio(path('bursts-s24.wav'), 2, { ...bursts, channels: 2, codec: ['-c:a', 'pcm_s24le'] });
  writeAudio(path('bursts-f32.wav'), 2, { ...bursts, codec: ['-c:a', 'pcm_f32le'] });
  writeAudio(path('mulaw.wav'), 1, { codec: ['-c:a', 'pcm_mulaw'] });
  writeAudio(path('speech.m4a'), 1.5, { codec: ['-c:a', 'aac', '-b:a', '64k'] });
  writeAudio(path('aac-named.mp3'), 1, { codec: ['-c:a', 'aac', '-f', 'adts'] });
  const mp3 = readFileSync(path('two.mp3'));
  const wav = readFileSync(path('two.wav'));

  it('runs with no ffmpeg anywhere on PATH', () => {
    expect(findOnPath('ffmpeg')).toBeNull();
    expect(findOnPath('ffprobe')).toBeNull();
  });

  it.each([
    ['two.mp3', 2],
    ['one.mp3', 1],
  ])('returns the frame duration of %s', (file, seconds) => {
    const scan = scanMp3(readFileSync(path(file)));
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

  it('returns 100 peaks per second for a WAV, loud where the tone is', async () => {
    const decoded = await decodeAudio(path('two.wav'), true);
    expect(decoded.decodedSeconds).toBeCloseTo(2, 2);
    expect(decoded.peaks?.length).toBe(200);
    expect(Math.max(...(decoded.peaks ?? []))).toBeGreaterThan(0.5);
  });

  it('returns 100 peaks per second for an MP3 decoded by the WebAssembly decoder', async () => {
    const decoded = await decodeAudio(path('two.mp3'), true);
    expect(decoded.decodedSeconds).toBeCloseTo(2, 1);
    expect(decoded.peaks?.length).toBeGreaterThanOrEqual(199);
    expect(decoded.peaks?.length).toBeLessThanOrEqual(201);
    expect(Math.min(...(decoded.peaks ?? []).slice(5, 195))).toBeGreaterThan(0.5);
  });

  it.each(['bursts.mp3', 'bursts-u8.wav', 'bursts-s24.wav', 'bursts-f32.wav'])(
    'returns sound and silence where they are in %s',
    async (file) => {
      const decoded = await decodeAudio(path(file), true);
      const peaks = decoded.peaks ?? new Float32Array();
      expect(decoded.decodedSeconds).toBeCloseTo(2, 1);
      // 0.1–0.4 s and 1.1–1.4 s: tone (0.6, or 0.42 once ffmpeg spreads it over two channels);
      // 0.6–0.9 s and 1.6–1.9 s: silence.
      const level = (from: number, to: number) => Math.max(...peaks.slice(from, to));
      expect(Math.min(...peaks.slice(10, 40))).toBeGreaterThan(0.4);
      expect(Math.min(...peaks.slice(110, 140))).toBeGreaterThan(0.4);
      expect(level(60, 90)).toBeLessThan(0.05);
      expect(level(160, 190)).toBeLessThan(0.05);
    },
  );

  it('returns no peaks but the length when peaks are not asked for', async () => {
    const decoded = await decodeAudio(path('one.mp3'), false);
    expect(decoded.peaks).toBeNull();
    expect(decoded.decodedSeconds).toBeCloseTo(1, 1);
  });

  it('rejects a μ-law WAV as an unsupported codec, naming it', async () => {
    const bytes = readFileSync(path('mulaw.wav'));
    expect(sniffContainer(bytes)).toBe('wav');
    const error = await decodeAudioBytes(bytes, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ reason: 'unsupported-codec', codec: 'μ-law' });
  });

  it.each([
    ['speech.m4a', 'mp4', 'AAC (M4A)'],
    ['aac-named.mp3', 'adts', 'AAC'],
  ])('leaves %s to the studio window (AAC), by its content', async (file, container, codec) => {
    const bytes = readFileSync(path(file));
    expect(sniffContainer(bytes)).toBe(container);
    const error = await decodeAudioBytes(bytes, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ reason: 'decoded-in-renderer', codec });
  });

  it('rejects text and a missing file as broken or unreadable, never as a codec problem', async () => {
    const error = await decodeAudioBytes(Buffer.from('this is not audio at all'), true).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ reason: 'broken' });
    await expect(decodeAudio(path('missing.mp3'), false)).rejects.toThrow(/ENOENT/);
  });

  it('returns the codec named in the issue for a dialogue the studio cannot decode, never "broken"', async () => {
    const probe = await probeAudio(path('mulaw.wav'), 'mulaw.wav', () => true);
    expect(probe.durationSeconds).toBeNull();
    expect(probe.issues).toEqual([
      expect.objectContaining({
        code: 'audio-codec-unsupported',
        message:
          'Audio file mulaw.wav uses μ-law, which the studio cannot decode. Save it as MP3, M4A, Ogg, FLAC or PCM WAV.',
      }),
    ]);
    expect(probe.issues[0]?.message).not.toMatch(/broken/);
  });

  it('returns an AAC dialogue named .mp3 with its length from the container and no issue (the window draws it)', async () => {
    const probe = await probeAudio(path('aac-named.mp3'), 'aac-named.mp3', () => true);
    expect(probe.issues).toEqual([]);
    expect(probe.durationSeconds).toBeCloseTo(1, 0);
    expect(probe.peaks).toBeNull();
  });

  it('returns the length of M4A word audio from its container, and broken for text named .mp3', async () => {
    const m4a = await probeAudio(path('speech.m4a'), 'speech.m4a', null);
    expect(m4a.issues).toEqual([]);
    expect(m4a.durationSeconds).toBeCloseTo(1.5, 1);
    writeFileSync(path('text.mp3'), 'not audio');
    const text = await probeAudio(path('text.mp3'), 'text.mp3', () => true);
    expect(text.issues.map((i) => i.code)).toEqual(['audio-unreadable']);
  });

  it('returns "decoder could not be loaded" when WebAssembly is unavailable, never "broken"', () => {
    // Node with --jitless has no WebAssembly, as some locked-down machines: the MP3 decoder
    // cannot load, and the author is told that, not that the file is broken.
    const out = execFileSync(
      process.execPath,
      [
        '--jitless',
        '--import',
        'tsx',
        join(import.meta.dirname, '../../../../test/support/probe-cli.ts'),
        path('two.mp3'),
      ],
      { encoding: 'utf8' },
    );
    const { issues, duration } = JSON.parse(out) as {
      issues: { code: string; message: string }[];
      duration: number | null;
    };
    expect(duration).toBeNull();
    expect(issues.map((i) => i.code)).toEqual(['audio-decoder-missing']);
    expect(issues[0]?.message).toMatch(
      /^The studio’s MP3 decoder could not be loaded, so dialogue\.mp3 was not decoded \(.+\)\. Reinstall Magyarul Studio\.$/,
    );
  });
});
