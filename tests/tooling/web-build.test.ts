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
    // What the first page loads before any route: the entry and every chunk index.html preloads
    // (its static imports and the start-up steps of src/main.tsx; how the bundler groups them
    // into files changes from build to build).
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(3);
    const code = Buffer.concat(files.map((file) => readFileSync(join(out, file ?? 'missing'))));
    // React's development build carries its debugging helpers and is ~60 KB larger gzipped.
    // (Asserted as booleans: a failure would otherwise print the whole bundle.)
    expect(code.toString().includes('getCurrentStack')).toBe(false);
    expect(code.toString().includes('jsxDEV')).toBe(false);
    // 126 KB today (React, the router, TanStack Query, the app shell and the English texts).
    expect(gzipSync(code, { level: 9 }).byteLength).toBeLessThan(135 * 1024);
  }, 300_000);
});
