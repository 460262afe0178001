import { defineConfig } from 'vitest/config';

// One vitest run covers every package's unit tests; each project keeps its own config.
export default defineConfig({
  test: {
    // Two files at a time: vitest's default is one less than the cores, one on CI's two, which
    // leaves a core idle while a file waits on its server or decoder.
    maxWorkers: 2,
    projects: [
      'core',
      'supabase/local',
      'supabase/functions',
      'supabase/seed',
      'tests',
      'web',
      'desktop',
    ],
    coverage: {
      provider: 'v8',
      include: ['core/src/**/*.ts'],
      exclude: ['core/src/**/*.test.ts', 'core/src/**/*.bench.ts', 'core/src/**/fixtures/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 },
    },
  },
});
