import { createHash } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { iso, jsonObject } from '../auth/request.ts';
import { asCaller, callerOf } from './caller.ts';
import { storageErrors } from './errors.ts';
import { objectPath, readObject } from './files.ts';
import { bucketAndKey, type Target } from './names.ts';
import { findBucket, selectObject, type ObjectRow } from './rows.ts';

// Downloads: authenticated (RLS decides), public buckets, and (signed-urls.ts) signed URLs.
// Stored files come from the app's own origin, so none of them may ever run as a page there:
// every answer says nosniff and carries a sandboxing CSP, and a type a browser would render
// as an active document (HTML, SVG, XML, …) is sent as an attachment.

/** Types a browser shows inline without running anything in the app's origin. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'text/plain',
  'text/csv',
  'application/json',
  'application/octet-stream',
]);

export function isInlineSafe(mimetype: string): boolean {
  const bare = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  return bare.startsWith('audio/') || bare.startsWith('video/') || INLINE_TYPES.has(bare);
}

function httpDate(value: unknown): string {
  const text = iso(value);
  return (text ? new Date(text) : new Date()).toUTCString();
}

function attachment(filename: string): string {
  return `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function serveObject(
  req: Request,
  ctx: ServerContext,
  row: ObjectRow,
): Promise<Response> {
  const bytes = await readObject(objectPath(ctx.config.dataDir, row.bucket_id, row.name));
  if (!bytes) throw storageErrors.noSuchKey();
  const meta = jsonObject(row.metadata);
  const eTag =
    typeof meta.eTag === 'string'
      ? meta.eTag
      : `"${createHash('md5').update(bytes).digest('hex')}"`;
  const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': mimetype,
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    etag: eTag,
    'last-modified': httpDate(
      typeof meta.lastModified === 'string' ? meta.lastModified : row.updated_at,
    ),
    'content-length': String(bytes.byteLength),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    // A file opened on its own gets a sandboxed document that may show itself and nothing else.
    'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
  };
  if (typeof meta.contentEncoding === 'string') headers['content-encoding'] = meta.contentEncoding;
  const download = new URL(req.url).searchParams.get('download');
  const baseName = row.name.split('/').pop() || 'download';
  if (download !== null) headers['content-disposition'] = attachment(download || baseName);
  else if (!isInlineSafe(mimetype)) headers['content-disposition'] = attachment(baseName);
  const ifNoneMatch = req.headers.get('if-none-match');
  if (
    ifNoneMatch &&
    ifNoneMatch.split(',').some((t) => t.trim() === eTag || t.trim() === `W/${eTag}`)
  ) {
    delete headers['content-length'];
    return new Response(null, { status: 304, headers });
  }
  if (req.method.toUpperCase() === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(bytes, { status: 200, headers });
}

export async function download(
  req: Request,
  target: Target,
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const row = await asCaller(ctx, caller, (tx) => selectObject(tx, target.bucket, target.key));
  if (!row) {
    await findBucket(ctx, target.bucket);
    throw storageErrors.noSuchKey();
  }
  return serveObject(req, ctx, row);
}

export async function publicDownload(
  req: Request,
  segments: string[],
  ctx: ServerContext,
): Promise<Response> {
  const target = bucketAndKey(segments);
  const bucket = await findBucket(ctx, target.bucket);
  if (bucket.public !== true) throw storageErrors.noSuchBucket();
  const row = await selectObject(ctx.db, target.bucket, target.key);
  if (!row) throw storageErrors.noSuchKey();
  return serveObject(req, ctx, row);
}
