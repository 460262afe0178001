import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { storageErrors } from './errors.ts';
import { removeQuietly, tempPath } from './files.ts';

// An upload's bytes go from the socket to a temp file as they arrive (issue 27), never into
// memory whole: a raw body directly, a multipart body (supabase-js sends a Blob that way)
// through busboy's streaming parser. The size is counted on the way and the upload stops with
// 413 the moment it passes the bucket's limit; the MD5 for the ETag is computed on the way too.

export type Streamed = {
  /** The temp file holding the bytes; the caller moves it into place or removes it. */
  temp: string;
  size: number;
  /** Hex MD5 of the bytes. */
  md5: string;
};

export type MultipartFields = Map<string, string>;

class TooLarge extends Error {}

/** Counts and hashes what passes; fails with TooLarge past `limit` bytes. */
class Meter extends Transform {
  size = 0;
  readonly hash: Hash = createHash('md5');
  constructor(readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      done(new TooLarge());
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}

async function toTemp(source: Readable, dataDir: string, limit: number): Promise<Streamed> {
  const temp = await tempPath(dataDir);
  const meter = new Meter(limit);
  try {
    await pipeline(source, meter, createWriteStream(temp));
  } catch (error) {
    await removeQuietly(temp);
    if (error instanceof TooLarge) throw storageErrors.entityTooLarge();
    throw error;
  }
  return { temp, size: meter.size, md5: meter.hash.digest('hex') };
}

function fromWeb(body: ReadableStream<Uint8Array> | null): Readable {
  return body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
}

/** A raw upload body (the file's bytes, its type in Content-Type) streamed to a temp file. */
export function streamRaw(req: Request, dataDir: string, limit: number): Promise<Streamed> {
  return toTemp(fromWeb(req.body), dataDir, limit);
}

/**
 * A multipart/form-data upload: the first file part streamed to a temp file, the text fields
 * (cacheControl, contentType, metadata, …) kept beside it. A file part past the limit stops
 * the parse at once: the rest of the body is not read.
 */
export async function streamMultipart(
  req: Request,
  dataDir: string,
  limit: number,
): Promise<Streamed & { fields: MultipartFields; fileType: string }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
      limits: { files: 1, fields: 50, fieldSize: 64 * 1024 },
    });
  } catch {
    throw storageErrors.invalidRequest('Invalid multipart body');
  }
  const source = fromWeb(req.body);
  const fields: MultipartFields = new Map();
  let file: Promise<Streamed> | null = null;
  let fileType = '';
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (_name, stream, info) => {
      if (file) {
        stream.resume();
        return;
      }
      fileType = info.mimeType;
      file = toTemp(stream, dataDir, limit);
      file.catch((error: unknown) => {
        source.unpipe(parser);
        source.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    parser.on('close', resolve);
    parser.on('error', () => reject(storageErrors.invalidRequest('Invalid multipart body')));
    source.on('error', () => reject(storageErrors.invalidRequest('Invalid multipart body')));
  });
  source.pipe(parser);
  const pending = (): Promise<Streamed> | null => file;
  try {
    await parsed;
  } catch (error) {
    // Removed once its stream ends (never waited for: a body cut off mid-part may leave it
    // pending until the parser is gone).
    parser.destroy();
    void pending()?.then(
      (f) => removeQuietly(f.temp),
      () => undefined,
    );
    throw error;
  }
  const started = pending();
  if (!started) throw storageErrors.invalidRequest('No file found in request');
  return { ...(await started), fields, fileType };
}
