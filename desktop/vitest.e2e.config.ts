import { defineProject } from 'vitest/config';
import { noFfmpegEnv } from './test/support/no-ffmpeg-env.ts';

// Tests that need `electron-vite build` output (run through `npm run test:e2e`).
export default defineProject({
  test: {
    name: 'desktop-e2e',
    // The studio runs with nothing on PATH but Node: no ffmpeg (see test/support/no-ffmpeg-env.ts).
    env: noFfmpegEnv(),
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
