import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { TIMED_FILES } from './vitest.config.ts';

// The security files that hold response times to a budget while attacks pour in: one file at a
// time, with nothing else of the suite beside them, so a budget measures the server under attack.
export default defineProject({
  test: {
    name: 'security-timed',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: TIMED_FILES,
    globalSetup: ['../support/seeded-template.global.ts'],
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
