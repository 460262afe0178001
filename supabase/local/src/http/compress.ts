import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { bodyBytes, bytesResponse, setHeaders } from './known-body.ts';

// Content negotiation and compression (br / gzip) for the static web app and JSON API bodies.
// Static files are compressed once per path+mtime and kept in memory; JSON is compressed on the
// fly with cheaper settings.

export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this are sent as they are: the headers would eat the gain. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Picks the best encoding the client accepts (br before gzip), honouring q-values,
 * `identity` and `*`. Returns null when the body should be sent uncompressed.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    q.set(name, weight);
  }
  const wildcard = q.get('*');
  const weightOf = (name: Encoding): number => q.get(name) ?? wildcard ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, name) => (weightOf(name) > weightOf(best) ? name : best));
}

export function isJson(contentType: string | null): boolean {
  const type = (contentType?.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export function isCompressible(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/wasm'
  );
}

/**
 * Brotli quality 9 for static files: on a 500 KB bundle it is ~15× faster than 11 (≈50 ms vs
 * ≈800 ms, which the first request would wait for) for a body only ~7 % larger.
 */
export async function compress(
  data: Uint8Array,
  encoding: Encoding,
  fast = false,
): Promise<Buffer> {
  if (encoding === 'br') {
    return brotliAsync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: fast ? 4 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzipAsync(data, { level: fast ? 5 : 9 });
}

type CacheEntry = { version: string; encoded: Map<Encoding, Promise<Buffer | null>> };

/**
 * In-memory cache of compressed static files keyed by path; `version` (mtime + size, plus
 * anything the bytes depend on) invalidates an entry. A null value means compression did not
 * pay off for that file and it is served as it is.
 */
export class CompressionCache {
  private readonly entries = new Map<string, CacheEntry>();

  get size(): number {
    return this.entries.size;
  }

  encoded(
    key: string,
    version: string,
    encoding: Encoding,
    data: () => Uint8Array,
  ): Promise<Buffer | null> {
    let entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      entry = { version, encoded: new Map() };
      this.entries.set(key, entry);
    }
    let pending = entry.encoded.get(encoding);
    if (!pending) {
      const bytes = data();
      pending =
        bytes.byteLength < MIN_COMPRESS_BYTES
          ? Promise.resolve(null)
          : compress(bytes, encoding).then((out) =>
              out.byteLength < bytes.byteLength ? out : null,
            );
      const stored = pending;
      const owner = entry;
      // A failed compression is not cached: the next request retries.
      stored.catch(() => {
        if (owner.encoded.get(encoding) === stored) owner.encoded.delete(encoding);
      });
      entry.encoded.set(encoding, pending);
    }
    return pending;
  }
}

function appendVary(headers: Headers, value: string): void {
  const existing = headers.get('vary');
  if (!existing) {
    headers.set('vary', value);
    return;
  }
  const parts = existing.split(',').map((part) => part.trim().toLowerCase());
  if (parts.includes('*') || parts.includes(value.toLowerCase())) return;
  headers.set('vary', `${existing}, ${value}`);
}

export function varyOnEncoding(headers: Headers): void {
  appendVary(headers, 'Accept-Encoding');
}

/**
 * Compresses a JSON API response above MIN_COMPRESS_BYTES when the client accepts it (the body
 * is buffered). Leaves alone anything that is not JSON (streams, files), already encoded,
 * partial content or a byte range, bodiless statuses and HEAD. Item ranges (PostgREST's
 * `Content-Range: 0-9/42` on a 200) describe rows, not bytes, so those bodies are compressed.
 */
export async function compressJsonResponse(
  response: Response,
  acceptEncoding: string | null | undefined,
  method: string,
): Promise<Response> {
  if (
    method === 'HEAD' ||
    response.body === null ||
    response.status === 206 ||
    response.status < 200 ||
    response.status === 204 ||
    response.status === 304 ||
    response.headers.has('content-encoding') ||
    /^\s*bytes/i.test(response.headers.get('content-range') ?? '') ||
    !isJson(response.headers.get('content-type'))
  ) {
    return response;
  }
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared < MIN_COMPRESS_BYTES) return response;
  const headers = new Headers(response.headers);
  varyOnEncoding(headers);
  const encoding = negotiateEncoding(acceptEncoding);
  const bytes = await bodyBytes(response);
  if (encoding && bytes.byteLength >= MIN_COMPRESS_BYTES) {
    const out = await compress(bytes, encoding, true);
    if (out.byteLength < bytes.byteLength) {
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(out.byteLength));
      return bytesResponse(new Uint8Array(out), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
  }
  // Not compressed: the same bytes, with Vary and their length.
  return setHeaders(response.bodyUsed ? bytesResponse(bytes, response) : response, {
    vary: headers.get('vary') ?? 'Accept-Encoding',
    'content-length': String(bytes.byteLength),
  });
}
