import { bodyBytes, bytesResponse } from './known-body.ts';
// Anonymous reads through /rest/v1 (the landing page's published-lesson list, for every
// visitor) are the same for everyone: RLS sees the role anon and no claims. While this process
// is the only writer of its database (PGlite), their responses can be kept until anything might
// have changed the data. Every request that is not a read of /rest/v1 or /storage/v1 empties the
// cache before and after it runs, and a response computed while the data changed is not kept.
// With DATABASE_URL other processes may write, so the server does not use this cache there.

type Entry = { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> };

const MAX_ENTRIES = 500;
const MAX_ENTRY_BYTES = 512 * 1024;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READ_ONLY_PREFIXES = new Set(['/rest/v1', '/storage/v1']);
// Request headers that change what PostgREST answers for the same URL.
const VARY = ['accept', 'prefer', 'range', 'range-unit', 'accept-profile'];

export type AnonReadCache = {
  /** Empties the cache when the request might write (see the file comment). */
  noteRequest(prefix: string | null, method: string): void;
  /** Serves an anonymous GET from the cache, or runs it and keeps a successful answer. */
  read(key: string, run: () => Promise<Response>): Promise<Response>;
};

export function isMutatingRequest(prefix: string | null, method: string): boolean {
  return !(prefix !== null && READ_ONLY_PREFIXES.has(prefix) && READ_METHODS.has(method));
}

/** The cache key of an anonymous REST GET, or null when the request is not one. */
export function anonReadKey(url: URL, headers: Headers, anonKey: string): string | null {
  const apikey = headers.get('apikey') ?? url.searchParams.get('apikey');
  if (apikey !== anonKey) return null;
  const authorization = headers.get('authorization');
  if (authorization !== null && authorization !== `Bearer ${anonKey}`) return null;
  return [url.pathname + url.search, ...VARY.map((name) => headers.get(name) ?? '')].join('\n');
}

export function createAnonReadCache(): AnonReadCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const clear = (): void => {
    generation++;
    entries.clear();
  };
  const toResponse = (entry: Entry): Response =>
    bytesResponse(entry.body, { status: entry.status, headers: entry.headers });

  return {
    noteRequest(prefix, method) {
      if (isMutatingRequest(prefix, method)) clear();
    },
    async read(key, run) {
      const hit = entries.get(key);
      if (hit) return toResponse(hit);
      const started = generation;
      const response = await run();
      if (response.status !== 200 && response.status !== 206) return response;
      const body = await bodyBytes(response);
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      const entry: Entry = { status: response.status, headers, body };
      if (generation === started && body.byteLength <= MAX_ENTRY_BYTES) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, entry);
      }
      return toResponse(entry);
    },
  };
}
