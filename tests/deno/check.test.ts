import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DENO_RELEASES, FUNCTIONS_DIR, denoBinary, edgeFunctions, runDeno } from './deno.ts';

// `deno check` of every edge function with its own deno.json (the import map deploy uses), on
// the Deno hosted Supabase runs and on the current one: 0 errors, and no deno.lock written (a
// lock in a newer Deno's format breaks hosted's 2.1 bundler; the deno.json files say lock: false).

const NAMES = edgeFunctions();

describe('the edge functions found', () => {
  it('returns the functions config.toml deploys', () => {
    expect(NAMES).toEqual([
      'generate-lesson-image',
      'get-due-words',
      'get-interleaved-words',
      'record-word-result',
      'send-reminders',
      'unsubscribe-reminders',
    ]);
  });
});

describe.each(DENO_RELEASES)('deno check on the $role Deno', (release) => {
  const binary = denoBinary(release);

  it('returns the pinned version', () => {
    expect(binary.version).toBe(release.role === 'hosted' ? '2.1.4' : '2.9.6');
  });

  it.each(NAMES)(
    'returns 0 errors for %s with its deno.json and writes no deno.lock',
    async (name) => {
      const result = await runDeno(binary, [
        'check',
        '--config',
        join(name, 'deno.json'),
        join(name, 'index.ts'),
      ]);
      // The whole output on failure names each TS error with its file and line.
      expect(
        { status: result.status, errors: result.output.match(/^.*\bTS\d+\b.*$/gm) ?? [] },
        result.output,
      ).toEqual({
        status: 0,
        errors: [],
      });
      expect(existsSync(join(FUNCTIONS_DIR, name, 'deno.lock'))).toBe(false);
    },
  );
});
