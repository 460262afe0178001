import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { streamMultipart, streamRaw } from './upload-stream.ts';

// Uploads go from the request body to a temp file as they arrive (issue 27).

let dataDir: string;
const tempFiles = () => {
  try {
    return readdirSync(join(dataDir, 'storage', '.tmp'));
  } catch {
    return [];
  }
};

/** A streamed request body from `chunks`; `fail` makes the stream error after them. */
function request(chunks: (string | Uint8Array)[], type: string, fail = false): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      }
      if (fail) controller.error(new Error('client went away'));
      else controller.close();
    },
  });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    duplex: 'half',
  };
  return new Request('http://localhost/storage/v1/object/b/k', init);
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'magyarul-upload-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('streamRaw', () => {
  it('writes the bytes to a temp file with their size and MD5', async () => {
    const bytes = new Uint8Array(300_000).fill(7);
    const streamed = await streamRaw(
      request([bytes.slice(0, 1000), bytes.slice(1000)], 'audio/mpeg'),
      dataDir,
      300_000,
    );
    expect(streamed.size).toBe(300_000);
    expect(streamed.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(readFileSync(streamed.temp)).toEqual(Buffer.from(bytes));
  });

  it('stops past the limit with 413 and leaves no temp file', async () => {
    const error = await streamRaw(
      request([new Uint8Array(1001)], 'audio/mpeg'),
      dataDir,
      1000,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).statusCode).toBe('413');
    expect(tempFiles()).toEqual([]);
  });
});

describe('streamMultipart', () => {
  const boundary = 'b0undary';
  const type = `multipart/form-data; boundary=${boundary}`;
  const part = (name: string, value: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: audio/mpeg` : ''}\r\n\r\n${value}\r\n`;

  it('streams the file part and keeps the fields before and after it', async () => {
    const streamed = await streamMultipart(
      request(
        [
          part('cacheControl', '3600'),
          part('', 'hang', 'a.mp3'),
          part('metadata', '{"a":1}'),
          `--${boundary}--\r\n`,
        ],
        type,
      ),
      dataDir,
      1000,
    );
    expect(readFileSync(streamed.temp, 'utf8')).toBe('hang');
    expect(streamed.fileType).toBe('audio/mpeg');
    expect(Object.fromEntries(streamed.fields)).toEqual({
      cacheControl: '3600',
      metadata: '{"a":1}',
    });
  });

  it('refuses a file part past the limit with 413', async () => {
    const error = await streamMultipart(
      request([part('', 'x'.repeat(2000), 'a.mp3'), `--${boundary}--\r\n`], type),
      dataDir,
      1000,
    ).catch((e: unknown) => e);
    expect((error as StorageError).statusCode).toBe('413');
    await expect.poll(tempFiles).toEqual([]);
  });

  it('answers a body cut off in the middle of the file without hanging, and cleans up', async () => {
    const error = await streamMultipart(
      request(
        [`--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.mp3"\r\n\r\nhalf`],
        type,
        true,
      ),
      dataDir,
      1000,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).statusCode).toBe('400');
    await expect.poll(tempFiles).toEqual([]);
  });
});
