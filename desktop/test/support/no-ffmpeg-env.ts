import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** The absolute path of `program` on the current PATH, or null. */
export function findOnPath(program: string, path = process.env['PATH'] ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return null;
}

/**
 * The environment the studio's tests run in: a PATH holding only Node's own directory, so no
 * ffmpeg, ffprobe, sox or lame can be found by the code under test (the studio must ship what
 * it runs). The fixtures are still made with ffmpeg, by its absolute path, passed as
 * MAGYARUL_TEST_FFMPEG.
 */
export function noFfmpegEnv(): Record<string, string> {
  // Without ffmpeg installed the fixtures cannot be made, and writeAudio's error says so; the
  // config itself must still load (it is part of the whole repository's vitest run).
  const ffmpeg = findOnPath('ffmpeg') ?? 'ffmpeg (not installed: apt-get install ffmpeg)';
  return { PATH: dirname(process.execPath), MAGYARUL_TEST_FFMPEG: ffmpeg };
}
