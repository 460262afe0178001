import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { buildWeb } from '../../web/scripts/ensure-build.mjs';

// `npm start`, the end-to-end tests and the benchmarks serve what ensure-build.mjs builds. Run
// from a test runner (NODE_ENV=test, as here) Vite used to bundle React's development build.

describe('web build for npm start', () => {
  const out = mkdtempSync(join(tmpdir(), 'magyarul-web-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('returns a production React bundle even when NODE_ENV is test', () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect((buildWeb as (outDir: string) => boolean)(out)).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'build-stamp.json'), 'utf8'))).toEqual({
      nodeEnv: 'production',
    });
    // What the first page loads before any route: the entry chunk and the chunks it imports
    // statically (how the bundler groups them into files changes from build to build).
    type Chunk = { file: string; imports?: string[] };
    const manifest = JSON.parse(
      readFileSync(join(out, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, Chunk>;
    const first = new Set<string>();
    const visit = (key: string) => {
      if (first.has(key)) return;
      first.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    visit('index.html');
    const code = Buffer.concat(
      [...first].map((key) => readFileSync(join(out, manifest[key]?.file ?? 'missing'))),
    );
    // React's development build carries its debugging helpers and is ~60 KB larger gzipped.
    // (Asserted as booleans: a failure would otherwise print the whole bundle.)
    expect(code.toString().includes('getCurrentStack')).toBe(false);
    expect(code.toString().includes('jsxDEV')).toBe(false);
    // 129 KB today (React, the router, TanStack Query, the app shell and the English texts).
    expect(gzipSync(code, { level: 9 }).byteLength).toBeLessThan(135 * 1024);
  }, 300_000);
});
