import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIO_DIR } from './content/catalog.ts';
import { BITRATE_KBPS, MP3_SAMPLE_RATE } from './make-audio.ts';
import { mp3Info } from './mp3-info.ts';

describe('mp3Info', () => {
  it('returns the same duration as ffprobe for a seed word', () => {
    const file = join(AUDIO_DIR, 'words', 'szia.mp3');
    const probed = Number(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'csv=p=0',
        file,
      ])
        .toString()
        .trim(),
    );
    const info = mp3Info(readFileSync(file));
    expect(info).toMatchObject({
      sampleRate: MP3_SAMPLE_RATE,
      channels: 1,
      bitrateKbps: BITRATE_KBPS,
    });
    expect(Math.abs(info.duration - probed)).toBeLessThan(0.03);
  });

  it('rejects bytes that are not an MP3 stream', () => {
    expect(() => mp3Info(new TextEncoder().encode('not an mp3 at all'))).toThrow(/frame sync/);
    expect(() => mp3Info(new Uint8Array())).toThrow(/no MPEG frames/);
  });

  it('rejects an MP3 with garbage after its frames', () => {
    const good = readFileSync(join(AUDIO_DIR, 'words', 'szia.mp3'));
    const bad = new Uint8Array([...good, 1, 2, 3, 4, 5]);
    expect(() => mp3Info(bad)).toThrow(/frame sync/);
  });
});
