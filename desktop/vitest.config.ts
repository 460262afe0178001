import { defineProject } from 'vitest/config';
import { noFfmpegEnv } from './test/support/no-ffmpeg-env.ts';

export default defineProject({
  test: {
    name: 'desktop',
    // The studio runs with nothing on PATH but Node: no ffmpeg (see test/support/no-ffmpeg-env.ts).
    env: noFfmpegEnv(),
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
