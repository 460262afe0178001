import { execFileSync } from 'node:child_process';

/**
 * Writes a real audio file with ffmpeg: `pattern` speech-like bursts (a tone for `on` seconds,
 * then `off` seconds of silence, repeated), or a steady tone when `off` is 0.
 */
export function writeAudio(
  file: string,
  seconds: number,
  options: {
    on?: number;
    off?: number;
    frequency?: number;
    sampleRate?: number;
    channels?: number;
    /** ffmpeg codec arguments instead of the default for the extension (e.g. ['-c:a', 'pcm_mulaw']). */
    codec?: readonly string[];
  } = {},
): void {
  const { on = seconds, off = 0, frequency = 330, sampleRate = 22050, channels = 1 } = options;
  const period = on + off;
  const expr =
    off === 0
      ? `0.6*sin(2*PI*${frequency}*t)`
      : `if(lt(mod(t\\,${period})\\,${on})\\,0.6*sin(2*PI*${frequency}*t)\\,0)`;
  const codec =
    options.codec ??
    (file.toLowerCase().endsWith('.mp3') ? ['-c:a', 'libmp3lame', '-b:a', '48k'] : []);
  // The tests run the studio with no ffmpeg on PATH; the fixtures come from the absolute path.
  execFileSync(
    process.env['MAGYARUL_TEST_FFMPEG'] ?? 'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=${expr}:s=${sampleRate}:d=${seconds}`,
      '-ac',
      String(channels),
      ...codec,
      file,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
