import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flood } from './support/flood.ts';
import { percentile, sample, type Latency } from './support/latency.ts';
import { restPath } from './support/queries.ts';
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  headersFor,
  signIn,
  startAppServer,
  startChildServer,
  type AppServer,
  type ChildServer,
} from './support/server.ts';

// Finding (issue 27): a 45 MB JSON body sent with only the anon key to
// /auth/v1/token?grant_type=password (or any /rest/v1/rpc/…) in a loop pushed even the
// database-free /auth/v1/health to p95 2–3 s: every route read bodies up to 50 MB whole. Now
// /auth/v1 refuses bodies over 1 MB and /rest/v1 (RPC included) and /functions/v1 over 2 MB
// with 413 before reading them (Content-Length first; a chunked body is counted as it comes and
// cut off), and storage uploads stream to disk within their bucket's limit.

const MB = 1024 * 1024;
const BIG = 45 * MB;
const CHUNK = 64 * 1024;
/**
 * A chunked body of 200 MB is cut off long before its end. What the client got to send before
 * the answer includes what the kernel buffers on the way (Linux autotunes a loopback receive
 * buffer up to 32 MB): before the fix the server read 50 MB and more, now it stops at its limit.
 */
const HUGE_CHUNKS = (200 * MB) / CHUNK;
const SENT_BEFORE_ANSWER = (50 * MB) / CHUNK;

type Sent = { status: number; body: string; pulled: number; chunks: number };

/**
 * POSTs `chunks` × 64 KB without a Content-Length (chunked), counting what the server pulled;
 * `onPull` runs before each chunk is handed over.
 */
async function sendChunked(
  url: string,
  headers: Record<string, string>,
  chunks: number,
  onPull: (pulled: number) => Promise<void> | void = () => {},
): Promise<Sent> {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await onPull(pulled);
      pulled++;
      try {
        if (pulled > chunks) controller.close();
        else controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
      } catch {
        // The server answered and closed; the client cancelled the stream meanwhile.
      }
    },
  });
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body, duplex: 'half' };
  try {
    const res = await fetch(url, init);
    return { status: res.status, body: await res.text(), pulled, chunks };
  } catch (error) {
    // The server answered 413 and closed the connection while this client was still writing:
    // the write fails (EPIPE, ECONNRESET) before fetch reads the answer. The cut is what is
    // tested; status 0 stands for "connection closed by the server".
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'EPIPE' || code === 'ECONNRESET') return { status: 0, body: '', pulled, chunks };
    throw error;
  }
}

describe('request bodies are bounded per API before they are read (PGlite)', () => {
  let server: AppServer;
  let admin: string;
  const json = () => ({
    ...headersFor(server.ctx.keys.anonKey),
    'content-type': 'application/json',
  });
  const post = (path: string, body: BodyInit, headers = json()) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers, body });

  beforeAll(async () => {
    server = await startAppServer();
    admin = (await signIn(server.url, server.ctx.keys.anonKey, DEMO_ADMIN)).access_token;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers a 45 MB body to sign-in, an RPC and a function with 413, closing the connection', async () => {
    const big = new Uint8Array(BIG).fill(0x61);
    for (const [path, limit] of [
      ['/auth/v1/token?grant_type=password', MB],
      ['/rest/v1/rpc/get_streak', 2 * MB],
      ['/rest/v1/user_feedback', 2 * MB],
      ['/functions/v1/record-word-result', 2 * MB],
    ] as const) {
      const res = await post(path, big);
      expect(res.status, path).toBe(413);
      expect(res.headers.get('connection'), path).toBe('close');
      expect(await res.json(), path).toEqual({
        code: 'PGRST413',
        statusCode: '413',
        error: 'Payload too large',
        message: `The request body exceeds the limit of ${limit} bytes`,
      });
    }
  });

  it('cuts a chunked body off as soon as it passes the limit, without reading the rest', async () => {
    for (const path of ['/auth/v1/token?grant_type=password', '/rest/v1/rpc/get_streak']) {
      const sent = await sendChunked(`${server.url}${path}`, json(), HUGE_CHUNKS);
      // 413, or the connection closed after it before the client could read it.
      expect([413, 0], path).toContain(sent.status);
      expect(sent.pulled, path).toBeLessThan(SENT_BEFORE_ANSWER);
    }
  });

  it('still reads bodies within the limits', async () => {
    const signIn = await post(
      '/auth/v1/token?grant_type=password',
      JSON.stringify({ email: 'nobody@magyarul.local', password: 'x'.repeat(900 * 1024) }),
    );
    expect(signIn.status).toBe(400);
    const rpc = await post('/rest/v1/rpc/course_figures', JSON.stringify({ pad: 'x'.repeat(MB) }));
    expect(rpc.status).not.toBe(413);
  });

  it('streams a storage upload to disk while it arrives, and stops one over the bucket limit', async () => {
    const headers = {
      ...headersFor(server.ctx.keys.anonKey, admin),
      'content-type': 'audio/mpeg',
    };
    const tmp = join(server.ctx.config.dataDir, 'storage', '.tmp');
    const partBytes = () => {
      try {
        return readdirSync(tmp).reduce((sum, name) => sum + statSync(join(tmp, name)).size, 0);
      } catch {
        return 0;
      }
    };
    // 8 MB: half-way through sending, the first megabytes are already on disk.
    let onDiskHalfWay = 0;
    const url = `${server.url}/storage/v1/object/lesson-audio/security/streamed.mp3`;
    const sent = await sendChunked(url, headers, 128, async (pulled) => {
      if (pulled !== 64) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
      onDiskHalfWay = partBytes();
    });
    expect(sent.status).toBe(200);
    expect(onDiskHalfWay).toBeGreaterThan(MB);
    expect(onDiskHalfWay).toBeLessThanOrEqual(64 * CHUNK);
    const stored = await fetch(
      `${server.url}/storage/v1/object/public/lesson-audio/security/streamed.mp3`,
    );
    expect((await stored.arrayBuffer()).byteLength).toBe(128 * CHUNK);
    // lesson-images takes 5 MB: a chunked 200 MB image is refused after about that much.
    const image = await sendChunked(
      `${server.url}/storage/v1/object/lesson-images/security/huge.png`,
      { ...headers, 'content-type': 'image/png' },
      HUGE_CHUNKS,
    );
    expect(image.status).toBe(400);
    expect(JSON.parse(image.body)).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    expect(image.pulled).toBeLessThan(SENT_BEFORE_ANSWER);
    expect(partBytes()).toBe(0);
  });
});

describe('45 MB bodies pouring in do not stall the server (as npm start runs)', () => {
  let server: ChildServer;
  let learner: string;

  beforeAll(async () => {
    server = await startChildServer();
    learner = (await signIn(server.url, server.anonKey, DEMO_LEARNER)).access_token;
  });

  afterAll(async () => {
    await server?.stop();
  });

  function report(name: string, latency: Latency): void {
    console.log(
      `${name}: p50 ${percentile(latency.samples, 50).toFixed(1)} ms, p95 ${percentile(latency.samples, 95).toFixed(1)} ms, max ${Math.max(...latency.samples).toFixed(1)} ms`,
    );
  }

  it('answers the health check and a learner’s read (p95 budget 200 ms) while 45 MB bodies pour in', async () => {
    const load = flood(
      server.url,
      headersFor(server.anonKey),
      ['/auth/v1/token?grant_type=password', '/rest/v1/rpc/get_streak'],
      4,
      BIG,
    );
    await load.started;
    let health: Latency;
    let read: Latency;
    try {
      // With the project's key, as hosted's gateway asks of /auth/v1/health (without one the
      // local gateway answers 401 too, and those answers are not what is measured here).
      health = await sample(25, () =>
        fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } }),
      );
      read = await sample(25, () =>
        fetch(`${server.url}${restPath('lessons', 'id,title')}`, {
          headers: headersFor(server.anonKey, learner),
        }),
      );
    } finally {
      const counts = await load.stop();
      console.log('45 MB bodies answered:', counts);
      expect(counts['413']).toBeGreaterThan(0);
      expect(Object.keys(counts).filter((status) => !['413', 'error'].includes(status))).toEqual(
        [],
      );
    }
    report('health while 45 MB bodies pour in', health);
    report('learner read while 45 MB bodies pour in', read);
    // As in dos-concurrency.test.ts: the median meets the budget, no answer takes 2 s (before
    // the fix the health check's p95 was 2–3 s); `npm run bench` prints the p95.
    for (const latency of [health, read]) {
      expect(latency.statuses).toEqual(latency.statuses.map(() => 200));
      expect(percentile(latency.samples, 50)).toBeLessThan(200);
      expect(Math.max(...latency.samples)).toBeLessThan(2000);
    }
  });
});
