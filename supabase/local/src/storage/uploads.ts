import { randomUUID } from 'node:crypto';
import type { Queryable, ServerContext } from '../context.ts';
import { isRecord } from '../auth/request.ts';
import { asCaller, callerOf, ownerUuid, type Caller } from './caller.ts';
import { storageErrors } from './errors.ts';
import { moveInto, objectPath, removeQuietly } from './files.ts';
import { streamMultipart, streamRaw } from './upload-stream.ts';
import { type Target } from './names.ts';
import { json } from '../http/errors.ts';
import { findBucket, type BucketRow } from './rows.ts';

// Uploads (POST/PUT /object/<bucket>/<key>): the bytes stream to a temp file as they arrive,
// then the row is written as the caller, so RLS on storage.objects decides; the file is moved
// into place only after the row is committed (and removed when anything fails).

/** Hosted default global upload limit. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** true: upsert, false: create only, 'update': replace an existing object only. */
export type UploadMode = boolean | 'update';

export type Incoming = {
  /** The bytes, streamed to a temp file (storage/upload-stream.ts). */
  temp: string;
  size: number;
  md5: string;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  contentEncoding: string | null;
};

function parseMetadata(text: string | null, base64: boolean): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(
      base64 ? Buffer.from(text, 'base64').toString('utf8') : text,
    );
    return isRecord(parsed) ? parsed : null;
  } catch {
    throw storageErrors.invalidRequest('Invalid metadata');
  }
}

async function readUpload(req: Request, dataDir: string, limit: number): Promise<Incoming> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limit + 64 * 1024)
    throw storageErrors.entityTooLarge();
  const type = req.headers.get('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    const { fields, fileType, ...streamed } = await streamMultipart(req, dataDir, limit);
    const cache = fields.get('cacheControl');
    try {
      return {
        ...streamed,
        mimetype: fields.get('contentType') || fileType || 'application/octet-stream',
        cacheControl: cache ? `max-age=${cache}` : 'no-cache',
        userMetadata: parseMetadata(fields.get('metadata') ?? null, false),
        contentEncoding: fields.get('contentEncoding') ?? null,
      };
    } catch (error) {
      await removeQuietly(streamed.temp);
      throw error;
    }
  }
  const userMetadata = parseMetadata(req.headers.get('x-metadata'), true);
  return {
    ...(await streamRaw(req, dataDir, limit)),
    mimetype: type || 'application/octet-stream',
    cacheControl: req.headers.get('cache-control') || 'no-cache',
    userMetadata,
    contentEncoding: req.headers.get('content-encoding'),
  };
}

function sizeLimit(bucket: BucketRow): number {
  const own = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
  return own && own > 0 ? Math.min(own, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT;
}

export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const bare = (mime.split(';')[0] ?? '').trim().toLowerCase();
  const [type] = bare.split('/');
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    return p === bare || (p.endsWith('/*') && p.slice(0, -2) === type);
  });
}

/**
 * Streams the body of an upload into `bucket` to a temp file, checking its size (while it
 * arrives) and its type against the bucket; the caller stores or removes the temp file.
 */
export async function readCheckedUpload(
  req: Request,
  bucket: BucketRow,
  dataDir: string,
): Promise<Incoming> {
  const type = req.headers.get('content-type') ?? '';
  // A raw body's type is known before a byte is read.
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    const mimetype = type || 'application/octet-stream';
    if (!mimeAllowed(mimetype, bucket.allowed_mime_types)) {
      throw storageErrors.invalidMimeType(mimetype);
    }
  }
  const incoming = await readUpload(req, dataDir, sizeLimit(bucket));
  if (!mimeAllowed(incoming.mimetype, bucket.allowed_mime_types)) {
    await removeQuietly(incoming.temp);
    throw storageErrors.invalidMimeType(incoming.mimetype);
  }
  return incoming;
}

function objectMetadata(incoming: Incoming): Record<string, unknown> {
  return {
    eTag: `"${incoming.md5}"`,
    size: incoming.size,
    mimetype: incoming.mimetype,
    cacheControl: incoming.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: incoming.size,
    httpStatusCode: 200,
    ...(incoming.contentEncoding ? { contentEncoding: incoming.contentEncoding } : {}),
  };
}

type ObjectValues = {
  caller: Caller;
  target: Target;
  metadata: string;
  userMetadata: string | null;
  version: string;
};

/** The statement that creates (or, for upsert, creates or replaces) an object row. */
export async function writeObjectRow(
  tx: Queryable,
  values: ObjectValues,
  mode: UploadMode,
): Promise<string | null> {
  const { caller, target, metadata, userMetadata, version } = values;
  const owner = ownerUuid(caller);
  if (mode === 'update') {
    const res = await tx.query<{ id: string }>(
      `update storage.objects set metadata = $3::jsonb, user_metadata = coalesce($4::jsonb, user_metadata),
          version = $5, updated_at = now(), last_accessed_at = now(), owner = coalesce($6::uuid, owner),
          owner_id = coalesce($7, owner_id)
        where bucket_id = $1 and name = $2 returning id::text as id`,
      [target.bucket, target.key, metadata, userMetadata, version, owner, caller.sub],
    );
    return res.rows[0]?.id ?? null;
  }
  const params = [
    randomUUID(),
    target.bucket,
    target.key,
    owner,
    caller.sub,
    metadata,
    userMetadata,
    version,
  ];
  const res = await tx.query<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)
     ${
       mode === true
         ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata,
              user_metadata = excluded.user_metadata, version = excluded.version, owner = excluded.owner,
              owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`
         : ''
     }
     returning id::text as id`,
    params,
  );
  return res.rows[0]?.id ?? null;
}

/** Writes the row as the caller, then moves the bytes into place; returns the object id. */
export async function storeObject(
  ctx: ServerContext,
  caller: Caller,
  target: Target,
  incoming: Incoming,
  mode: UploadMode,
): Promise<{ id: string }> {
  const values: ObjectValues = {
    caller,
    target,
    metadata: JSON.stringify(objectMetadata(incoming)),
    userMetadata: incoming.userMetadata ? JSON.stringify(incoming.userMetadata) : null,
    version: randomUUID(),
  };
  const { temp } = incoming;
  try {
    const id = await asCaller(ctx, caller, async (tx) => {
      const written = await writeObjectRow(tx, values, mode);
      if (written === null) throw storageErrors.noSuchKey();
      return written;
    });
    await moveInto(temp, objectPath(ctx.config.dataDir, target.bucket, target.key));
    return { id };
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

export async function upload(
  req: Request,
  target: Target,
  ctx: ServerContext,
  mode: UploadMode,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const bucket = await findBucket(ctx, target.bucket);
  const incoming = await readCheckedUpload(req, bucket, ctx.config.dataDir);
  const { id } = await storeObject(ctx, caller, target, incoming, mode);
  return json(200, { Id: id, Key: `${target.bucket}/${target.key}` });
}
