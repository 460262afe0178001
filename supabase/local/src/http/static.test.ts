import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJsonResponse, negotiateEncoding } from './compress.ts';
import { serveStatic } from './static.ts';

const ANON = 'anon.key.value';
const script = `export function greet(name) {\n${'  console.log("szia", name);\n'.repeat(200)}}\n`;

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('serveStatic compression', () => {
  let dir: string;
  let webDir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-static-'));
    webDir = join(dir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    const filler = '<p>Magyarul</p>'.repeat(100);
    writeFileSync(
      join(webDir, 'index.html'),
      `<!doctype html><html><head><meta name="magyarul-anon-key" content="" /></head><body>${filler}</body></html>`,
    );
    writeFileSync(join(webDir, 'assets', 'index-B3x9kQ_a.js'), script);
    writeFileSync(join(webDir, 'assets', 'tiny-C4y0lR_b.js'), 'console.log(1)');
    writeFileSync(join(webDir, 'logo.png'), Buffer.alloc(4096, 7));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns a smaller valid gzip body that decompresses to the file', async () => {
    const res = await serveStatic(webDir, '/assets/index-B3x9kQ_a.js', 'GET', ANON, 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytesOf(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(script));
    expect(gunzipSync(body).toString('utf8')).toBe(script);
  });

  it('returns brotli when preferred and accepted', async () => {
    const res = await serveStatic(
      webDir,
      '/assets/index-B3x9kQ_a.js',
      'GET',
      ANON,
      'gzip, deflate, br',
    );
    expect(res.headers.get('content-encoding')).toBe('br');
    const body = await bytesOf(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(script);
  });

  it('returns the plain file for identity requests', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const res = await serveStatic(webDir, '/assets/index-B3x9kQ_a.js', 'GET', ANON, accept);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const body = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(script));
      expect(body.toString('utf8')).toBe(script);
    }
  });

  it('returns headers without a body for HEAD with the compressed length', async () => {
    const get = await serveStatic(webDir, '/assets/index-B3x9kQ_a.js', 'GET', ANON, 'gzip');
    const head = await serveStatic(webDir, '/assets/index-B3x9kQ_a.js', 'HEAD', ANON, 'gzip');
    expect(head.body).toBeNull();
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
  });

  it('returns small files and binary types uncompressed', async () => {
    const tiny = await serveStatic(webDir, '/assets/tiny-C4y0lR_b.js', 'GET', ANON, 'gzip, br');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
    const png = await serveStatic(webDir, '/logo.png', 'GET', ANON, 'gzip, br');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect((await bytesOf(png)).byteLength).toBe(4096);
  });

  it('returns index.html compressed with the anon key filled in and no-cache', async () => {
    for (const accept of ['gzip', 'br', undefined]) {
      const res = await serveStatic(webDir, '/lesson/12', 'GET', ANON, accept);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const body = await bytesOf(res);
      const html =
        accept === 'gzip'
          ? gunzipSync(body).toString('utf8')
          : accept === 'br'
            ? brotliDecompressSync(body).toString('utf8')
            : body.toString('utf8');
      expect(res.headers.get('content-encoding')).toBe(accept ?? null);
      expect(html).toContain(`<meta name="magyarul-anon-key" content="${ANON}" />`);
    }
  });

  it('returns the new bytes after a file changes on disk', async () => {
    const path = join(webDir, 'assets', 'changing-D5z1mS_c.js');
    writeFileSync(path, script);
    const before = await serveStatic(webDir, '/assets/changing-D5z1mS_c.js', 'GET', ANON, 'gzip');
    expect(gunzipSync(await bytesOf(before)).toString('utf8')).toBe(script);
    const changed = script.replace(/szia/g, 'helló');
    writeFileSync(path, changed);
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    const after = await serveStatic(webDir, '/assets/changing-D5z1mS_c.js', 'GET', ANON, 'gzip');
    expect(gunzipSync(await bytesOf(after)).toString('utf8')).toBe(changed);
  });
});

describe('negotiateEncoding and compressJsonResponse', () => {
  const rows = JSON.stringify(
    Array.from({ length: 100 }, (_, id) => ({ id, hungarian: 'alma', english: 'apple' })),
  );

  it('returns the best accepted encoding honouring q-values and wildcards', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('returns large JSON gzip-compressed with item ranges kept', async () => {
    const source = new Response(rows, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-99/100' },
    });
    const res = await compressJsonResponse(source, 'gzip', 'GET');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-range')).toBe('0-99/100');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(rows.length);
    expect(gunzipSync(body).toString('utf8')).toBe(rows);
  });

  it('returns small JSON, HEAD, byte ranges and non-JSON untouched', async () => {
    const small = await compressJsonResponse(
      new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
      'gzip',
      'GET',
    );
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('{"ok":true}');
    const head = new Response(rows, { headers: { 'content-type': 'application/json' } });
    expect(await compressJsonResponse(head, 'gzip', 'HEAD')).toBe(head);
    const ranged = new Response(rows, {
      status: 206,
      headers: { 'content-type': 'application/json', 'content-range': 'bytes 0-9/100' },
    });
    expect(await compressJsonResponse(ranged, 'gzip', 'GET')).toBe(ranged);
    const audio = new Response(rows, { headers: { 'content-type': 'audio/mpeg' } });
    expect(await compressJsonResponse(audio, 'gzip', 'GET')).toBe(audio);
    const identity = await compressJsonResponse(
      new Response(rows, { headers: { 'content-type': 'application/json' } }),
      undefined,
      'GET',
    );
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(rows);
  });
});
