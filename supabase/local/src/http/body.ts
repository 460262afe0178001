import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError } from './errors.ts';

// Request bodies are bounded per API before anything reads them whole (issue 27): a 45 MB JSON
// body to /auth/v1 or /rest/v1 used to be buffered, copied and parsed on the event loop, and
// while several clients sent them in a loop even /auth/v1/health waited seconds. Now a body
// whose Content-Length is over its API's limit is refused with 413 before one byte is read, a
// chunked body is counted as it arrives and refused the moment it passes the limit, and the
// connection is closed after the 413 so the client stops sending. Storage uploads are not
// buffered at all: the storage service streams them to disk (storage/upload-stream.ts).

/** Auth bodies (sign-in, sign-up, verify, …) are a few hundred bytes; hosted refuses far less. */
export const AUTH_MAX_BODY_BYTES = 1024 * 1024;

/** Default limit of /rest/v1 (RPC included) and /functions/v1 bodies (MAGYARUL_MAX_BODY). */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;

/** JSON bodies of the storage API (list, sign, move, copy, buckets). */
export const STORAGE_JSON_MAX_BYTES = 1024 * 1024;

/** The Content-Length a request declares, or null (chunked, absent or not a number). */
export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const length = Number(header);
  return Number.isFinite(length) && length >= 0 ? length : null;
}

/**
 * The whole body, at most `limit` bytes: BodyTooLargeError as soon as the declared length or
 * the bytes received so far pass it (the rest is never read).
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(buf);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/**
 * The body as a web stream, read only as its consumer pulls it (storage uploads). Cancelling it
 * stops reading without destroying the socket, so the answer (a 413) can still be sent.
 * (Readable.toWeb would throw ERR_INVALID_STATE out of the request's 'data' events once the
 * rest of a cancelled body is drained: an uncaught exception.)
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = req.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A web stream's bytes, or null once they pass `limit` (the rest is cancelled, not read). */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
