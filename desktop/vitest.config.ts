import { defineProject } from 'vitest/config';
import { noFfmpegEnv } from './test/support/no-ffmpeg-env.ts';

export default defineProject({
  test: {
    name: 'desktop',
    // The studio runs with nothing on PATH but Node: no ffmpeg (see test/support/no-ffmpeg-env.ts).
    env: noFfmpegEnv(),
    include: ['src/**/*.test.ts'],
    // The migrated data directory the publisher tests' backends start from (test/support/backend.ts).
    globalSetup: ['../tests/support/migrated-template.global.ts'],
    testTimeout: 60_000,
  },
});
