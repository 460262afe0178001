import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyBytes, bytesResponse, knownBody, setHeaders, withHeaders } from './known-body.ts';
import { sendResponse } from './node-bridge.ts';

const utf8 = new TextEncoder();

describe('responses with a known body', () => {
  let server: Server | null = null;
  afterEach(async () => {
    const open = server;
    server = null;
    if (open) await new Promise((resolve) => open.close(resolve));
  });

  /** Serves `make()` through sendResponse on a real socket and returns what a client gets. */
  async function serve(make: () => Response, method = 'GET') {
    server = createServer((req, res) => void sendResponse(res, make(), req.method ?? 'GET'));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/`, { method });
    return { res, text: await res.text() };
  }

  it('returns the bytes with their length, and the same headers without a body for HEAD', async () => {
    const body = utf8.encode('[{"szó":"kör"}]');
    const make = () =>
      bytesResponse(body, { status: 200, headers: { 'content-type': 'application/json' } });
    const get = await serve(make);
    expect(get.text).toBe('[{"szó":"kör"}]');
    expect(get.res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(get.res.headers.get('transfer-encoding')).toBeNull();
    const first = server;
    if (first) await new Promise((resolve) => first.close(resolve));
    const head = await serve(make, 'HEAD');
    expect(head.text).toBe('');
    expect(head.res.headers.get('content-length')).toBe(String(body.byteLength));
  });

  it('returns a streamed body as before when the response was not built from bytes', async () => {
    const stream = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(utf8.encode('első '));
            controller.enqueue(utf8.encode('második'));
            controller.close();
          },
        }),
      );
    expect(knownBody(stream())).toBeUndefined();
    expect((await serve(stream)).text).toBe('első második');
  });

  it('returns the known bytes through withHeaders and bodyBytes, and none once the stream was read', async () => {
    const body = utf8.encode('{"ok":true}');
    const original = bytesResponse(body, { status: 201 });
    const copy = withHeaders(original, new Headers({ 'x-extra': '1' }));
    expect(copy.status).toBe(201);
    expect(copy.headers.get('x-extra')).toBe('1');
    expect(knownBody(copy)).toBe(body);
    expect(await bodyBytes(copy)).toBe(body);
    const read = bytesResponse(body, { status: 200 });
    expect(await read.text()).toBe('{"ok":true}');
    expect(knownBody(read)).toBeUndefined();
    const streamed = withHeaders(new Response('plain'), new Headers());
    expect(new TextDecoder().decode(await bodyBytes(streamed))).toBe('plain');
  });

  it('returns headers set in place on a known body and on a copy of any other response', async () => {
    const known = bytesResponse(utf8.encode('[]'), { status: 200 });
    expect(setHeaders(known, { vary: 'Accept-Encoding' })).toBe(known);
    expect(known.headers.get('vary')).toBe('Accept-Encoding');
    const streamed = new Response('[1]', { headers: { 'x-a': '1' } });
    const copy = setHeaders(streamed, { 'x-b': '2' });
    expect(copy).not.toBe(streamed);
    expect([copy.headers.get('x-a'), copy.headers.get('x-b')]).toEqual(['1', '2']);
    expect(streamed.headers.get('x-b')).toBeNull();
    expect(await copy.text()).toBe('[1]');
  });
});
