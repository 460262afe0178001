import { createHash, randomUUID } from 'node:crypto';
import type { Queryable, ServerContext, Service } from '../context.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { bearerToken, iso, isRecord, jsonObject } from '../auth/request.ts';
import { fromDbError, StorageError, storageErrorResponse, storageErrors } from './errors.ts';
import {
  copyToTemp,
  moveInto,
  objectPath,
  readObject,
  removeBucketDir,
  removeObjectFile,
  removeQuietly,
  writeTemp,
} from './files.ts';

// Supabase Storage API subset (/storage/v1, compat doc §4). Row level security on
// storage.objects decides every non-public operation: each one runs in a transaction as the
// request's role with request.jwt.claims set, exactly like /rest/v1.

/** Hosted default global upload limit. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

type Caller = { role: string; claims: Record<string, unknown>; sub: string | null };

type BucketRow = {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  type: string | null;
  created_at: unknown;
  updated_at: unknown;
};

type ObjectRow = {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: unknown;
  user_metadata: unknown;
  version: string | null;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
};

const OBJECT_COLUMNS = `id::text as id, bucket_id, name, owner::text as owner, owner_id, metadata, user_metadata,
  version, created_at, updated_at, last_accessed_at`;
const BUCKET_COLUMNS = `id, name, owner::text as owner, owner_id, public, file_size_limit::text as file_size_limit,
  allowed_mime_types, type::text as type, created_at, updated_at`;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export const storageService: Service = async (req, path, ctx) => {
  try {
    return await route(req, path, ctx);
  } catch (error) {
    if (error instanceof StorageError) return storageErrorResponse(error);
    const mapped = fromDbError(error);
    if (mapped) return storageErrorResponse(mapped);
    console.error(
      'storage: unexpected error:',
      error instanceof Error ? error.message : String(error),
    );
    return storageErrorResponse(storageErrors.internal());
  }
};

// ---------------------------------------------------------------------------------------------
// Caller, transactions, names

function callerOf(req: Request, ctx: ServerContext): Caller {
  const token = bearerToken(req) ?? req.headers.get('apikey');
  if (!token || token.startsWith('sb_'))
    return { role: 'anon', claims: { role: 'anon' }, sub: null };
  const verified = verifyJwt(token, ctx.keys.jwtSecret);
  if (!verified.ok) {
    const message =
      verified.error.code === 'expired'
        ? 'jwt expired'
        : verified.error.code === 'bad_signature'
          ? 'invalid signature'
          : 'jwt malformed';
    throw storageErrors.accessDenied(message);
  }
  const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon';
  if (!API_ROLES.has(role)) throw storageErrors.accessDenied(`role "${role}" is not allowed`);
  const sub =
    typeof verified.claims.sub === 'string' && verified.claims.sub ? verified.claims.sub : null;
  return { role, claims: verified.claims, sub };
}

async function asCaller<T>(
  ctx: ServerContext,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // storage.allow_delete_query: as hosted's Storage API does for every request, so the
    // platform trigger protect_objects_delete lets this service's deletes through (RLS decides
    // which rows go) while a direct DELETE through SQL is refused.
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('storage.allow_delete_query', 'true', true)`,
      [caller.role, JSON.stringify(caller.claims)],
    );
    return fn(tx);
  });
}

const KEY_PATTERN = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_PATTERN = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** Strips leading/trailing slashes and empty segments, then validates like the Storage API. */
export function cleanKey(raw: string): string {
  const key = raw
    .split('/')
    .filter((s) => s !== '')
    .join('/');
  if (
    key === '' ||
    key.length > 1024 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((s) => s === '.' || s === '..')
  ) {
    throw storageErrors.invalidKey(raw);
  }
  return key;
}

function checkBucketName(name: string): string {
  if (
    name === '' ||
    name.length > 100 ||
    !BUCKET_PATTERN.test(name) ||
    name === '.' ||
    name === '..'
  ) {
    throw storageErrors.invalidBucketName(name);
  }
  return name;
}

function decodeSegments(path: string): string[] {
  return path.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw storageErrors.invalidKey(s);
    }
  });
}

/** "<bucket>/<key…>" from the decoded segments after a route prefix. */
function bucketAndKey(segments: string[]): { bucket: string; key: string } {
  const [bucket = '', ...rest] = segments;
  return { bucket: checkBucketName(bucket), key: cleanKey(rest.join('/')) };
}

async function readJson(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed;
  } catch {
    // fall through
  }
  throw storageErrors.invalidRequest('Body is not a valid JSON object');
}

async function findBucket(ctx: ServerContext, id: string): Promise<BucketRow> {
  const res = await ctx.db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  );
  const bucket = res.rows[0];
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

// ---------------------------------------------------------------------------------------------
// Routing

async function route(req: Request, rawPath: string, ctx: ServerContext): Promise<Response> {
  const method = req.method.toUpperCase();
  if (method === 'OPTIONS') return new Response(null, { status: 204 });
  const segments = decodeSegments(rawPath.replace(/^\/+/, ''));
  const [head, second, ...rest] = segments;
  if (head === 'bucket') return bucketRoute(req, method, second, rest, ctx);
  if (head !== 'object' || second === undefined) throw storageErrors.notFound();
  const after = rest;
  switch (second) {
    case 'public':
      if (method === 'GET' || method === 'HEAD') return publicDownload(req, after, ctx);
      break;
    case 'authenticated':
      if (method === 'GET' || method === 'HEAD') return download(req, bucketAndKey(after), ctx);
      break;
    case 'sign':
      if (method === 'POST' && after.length === 1)
        return signMany(req, checkBucketName(after[0] ?? ''), ctx);
      if (method === 'POST') return signOne(req, bucketAndKey(after), ctx);
      if (method === 'GET' || method === 'HEAD') return signedDownload(req, after, ctx);
      break;
    case 'upload':
      if (after[0] === 'sign') {
        const target = bucketAndKey(after.slice(1));
        if (method === 'POST') return signUpload(req, target, ctx);
        if (method === 'PUT') return signedUpload(req, target, ctx);
      }
      break;
    case 'list':
      if (method === 'POST') return list(req, checkBucketName(after[0] ?? ''), ctx);
      break;
    case 'info': {
      const target = after[0] === 'public' || after[0] === 'authenticated' ? after.slice(1) : after;
      if (method === 'GET') return info(req, bucketAndKey(target), ctx);
      break;
    }
    case 'move':
    case 'copy':
      if (method === 'POST' && after.length === 0)
        return second === 'move' ? move(req, ctx) : copy(req, ctx);
      break;
    default: {
      const all = [second, ...after];
      if (method === 'DELETE' && all.length === 1)
        return removeMany(req, checkBucketName(second), ctx);
      const target = bucketAndKey(all);
      if (method === 'POST')
        return upload(req, target, ctx, req.headers.get('x-upsert') === 'true');
      if (method === 'PUT') return upload(req, target, ctx, 'update');
      if (method === 'GET' || method === 'HEAD') return download(req, target, ctx);
      if (method === 'DELETE') return removeOne(req, target, ctx);
    }
  }
  throw storageErrors.notFound();
}

// ---------------------------------------------------------------------------------------------
// Uploads

type Incoming = {
  bytes: Uint8Array;
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

async function readUpload(req: Request, limit: number): Promise<Incoming> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limit + 64 * 1024)
    throw storageErrors.entityTooLarge();
  const type = req.headers.get('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw storageErrors.invalidRequest('Invalid multipart body');
    }
    let file = null as Blob | null;
    const fields = new Map<string, string>();
    form.forEach((value, name) => {
      if (typeof value === 'string') {
        if (!fields.has(name)) fields.set(name, value);
      } else if (!file) {
        file = value;
      }
    });
    if (!file) throw storageErrors.invalidRequest('No file found in request');
    const cache = fields.get('cacheControl');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: fields.get('contentType') || file.type || 'application/octet-stream',
      cacheControl: cache ? `max-age=${cache}` : 'no-cache',
      userMetadata: parseMetadata(fields.get('metadata') ?? null, false),
      contentEncoding: fields.get('contentEncoding') ?? null,
    };
  }
  return {
    bytes: new Uint8Array(await req.arrayBuffer()),
    mimetype: type || 'application/octet-stream',
    cacheControl: req.headers.get('cache-control') || 'no-cache',
    userMetadata: parseMetadata(req.headers.get('x-metadata'), true),
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

function objectMetadata(incoming: Incoming): Record<string, unknown> {
  const eTag = `"${createHash('md5').update(incoming.bytes).digest('hex')}"`;
  return {
    eTag,
    size: incoming.bytes.byteLength,
    mimetype: incoming.mimetype,
    cacheControl: incoming.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: incoming.bytes.byteLength,
    httpStatusCode: 200,
    ...(incoming.contentEncoding ? { contentEncoding: incoming.contentEncoding } : {}),
  };
}

async function storeObject(
  ctx: ServerContext,
  caller: Caller,
  target: { bucket: string; key: string },
  incoming: Incoming,
  mode: boolean | 'update',
): Promise<{ id: string }> {
  const metadata = JSON.stringify(objectMetadata(incoming));
  const userMetadata = incoming.userMetadata ? JSON.stringify(incoming.userMetadata) : null;
  const owner = caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null;
  const temp = await writeTemp(ctx.config.dataDir, incoming.bytes);
  try {
    const id = await asCaller(ctx, caller, async (tx) => {
      const version = randomUUID();
      if (mode === 'update') {
        const res = await tx.query<{ id: string }>(
          `update storage.objects set metadata = $3::jsonb, user_metadata = coalesce($4::jsonb, user_metadata),
              version = $5, updated_at = now(), last_accessed_at = now(), owner = coalesce($6::uuid, owner),
              owner_id = coalesce($7, owner_id)
            where bucket_id = $1 and name = $2 returning id::text as id`,
          [target.bucket, target.key, metadata, userMetadata, version, owner, caller.sub],
        );
        const row = res.rows[0];
        if (!row) throw storageErrors.noSuchKey();
        return row.id;
      }
      if (mode === true) {
        const res = await tx.query<{ id: string }>(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)
           on conflict (bucket_id, name) do update set metadata = excluded.metadata,
              user_metadata = excluded.user_metadata, version = excluded.version, owner = excluded.owner,
              owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()
           returning id::text as id`,
          [
            randomUUID(),
            target.bucket,
            target.key,
            owner,
            caller.sub,
            metadata,
            userMetadata,
            version,
          ],
        );
        return res.rows[0]?.id ?? '';
      }
      const newId = randomUUID();
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`,
        [newId, target.bucket, target.key, owner, caller.sub, metadata, userMetadata, version],
      );
      return newId;
    });
    await moveInto(temp, objectPath(ctx.config.dataDir, target.bucket, target.key));
    return { id };
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

async function upload(
  req: Request,
  target: { bucket: string; key: string },
  ctx: ServerContext,
  mode: boolean | 'update',
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const bucket = await findBucket(ctx, target.bucket);
  const limit = sizeLimit(bucket);
  const incoming = await readUpload(req, limit);
  if (incoming.bytes.byteLength > limit) throw storageErrors.entityTooLarge();
  if (!mimeAllowed(incoming.mimetype, bucket.allowed_mime_types)) {
    throw storageErrors.invalidMimeType(incoming.mimetype);
  }
  const { id } = await storeObject(ctx, caller, target, incoming, mode);
  return json(200, { Id: id, Key: `${target.bucket}/${target.key}` });
}

function signedToken(
  ctx: ServerContext,
  url: string,
  expiresIn: number,
  extra: Record<string, unknown> = {},
): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ url, iat, exp: iat + expiresIn, ...extra }, ctx.keys.jwtSecret);
}

function checkSignedToken(
  req: Request,
  ctx: ServerContext,
  expectedUrl: string,
): Record<string, unknown> {
  const token = new URL(req.url).searchParams.get('token');
  if (!token) throw storageErrors.invalidSignature('Missing token');
  const verified = verifyJwt(token, ctx.keys.jwtSecret);
  if (!verified.ok) {
    throw storageErrors.invalidJwt(
      verified.error.code === 'expired' ? 'jwt expired' : 'invalid signature',
    );
  }
  if (verified.claims.url !== expectedUrl) throw storageErrors.invalidSignature();
  return verified.claims;
}

async function signUpload(
  req: Request,
  target: { bucket: string; key: string },
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  await findBucket(ctx, target.bucket);
  const url = `${target.bucket}/${target.key}`;
  const token = signedToken(ctx, url, 7200, {
    owner: caller.sub ?? undefined,
    upsert: req.headers.get('x-upsert') === 'true',
  });
  return json(200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

async function signedUpload(
  req: Request,
  target: { bucket: string; key: string },
  ctx: ServerContext,
): Promise<Response> {
  const claims = checkSignedToken(req, ctx, `${target.bucket}/${target.key}`);
  const bucket = await findBucket(ctx, target.bucket);
  const limit = sizeLimit(bucket);
  const incoming = await readUpload(req, limit);
  if (incoming.bytes.byteLength > limit) throw storageErrors.entityTooLarge();
  if (!mimeAllowed(incoming.mimetype, bucket.allowed_mime_types))
    throw storageErrors.invalidMimeType(incoming.mimetype);
  const owner = typeof claims.owner === 'string' ? claims.owner : null;
  const caller: Caller = {
    role: 'service_role',
    claims: { role: 'service_role', sub: owner },
    sub: owner,
  };
  const { id } = await storeObject(ctx, caller, target, incoming, claims.upsert === true);
  return json(200, { Id: id, Key: `${target.bucket}/${target.key}` });
}

// ---------------------------------------------------------------------------------------------
// Downloads

function httpDate(value: unknown): string {
  const text = iso(value);
  return (text ? new Date(text) : new Date()).toUTCString();
}

async function serveObject(req: Request, ctx: ServerContext, row: ObjectRow): Promise<Response> {
  const bytes = await readObject(objectPath(ctx.config.dataDir, row.bucket_id, row.name));
  if (!bytes) throw storageErrors.noSuchKey();
  const meta = jsonObject(row.metadata);
  const eTag =
    typeof meta.eTag === 'string'
      ? meta.eTag
      : `"${createHash('md5').update(bytes).digest('hex')}"`;
  const headers: Record<string, string> = {
    'content-type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    etag: eTag,
    'last-modified': httpDate(
      typeof meta.lastModified === 'string' ? meta.lastModified : row.updated_at,
    ),
    'content-length': String(bytes.byteLength),
    'accept-ranges': 'bytes',
  };
  if (typeof meta.contentEncoding === 'string') headers['content-encoding'] = meta.contentEncoding;
  const download = new URL(req.url).searchParams.get('download');
  if (download !== null) {
    const filename = download || row.name.split('/').pop() || 'download';
    headers['content-disposition'] =
      `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
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

async function selectObject(q: Queryable, bucket: string, key: string): Promise<ObjectRow | null> {
  const res = await q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  return res.rows[0] ?? null;
}

async function download(
  req: Request,
  target: { bucket: string; key: string },
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

async function publicDownload(
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

async function signedDownload(
  req: Request,
  segments: string[],
  ctx: ServerContext,
): Promise<Response> {
  const target = bucketAndKey(segments);
  checkSignedToken(req, ctx, `${target.bucket}/${target.key}`);
  const row = await selectObject(ctx.db, target.bucket, target.key);
  if (!row) throw storageErrors.noSuchKey();
  return serveObject(req, ctx, row);
}

function expiresInOf(body: Record<string, unknown>): number {
  const value = Number(body.expiresIn);
  if (!Number.isFinite(value) || value < 1)
    throw storageErrors.invalidRequest('expiresIn must be a positive number');
  return Math.floor(value);
}

async function signOne(
  req: Request,
  target: { bucket: string; key: string },
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const row = await asCaller(ctx, caller, (tx) => selectObject(tx, target.bucket, target.key));
  if (!row) throw storageErrors.noSuchKey();
  const url = `${target.bucket}/${target.key}`;
  return json(200, { signedURL: `/object/sign/${url}?token=${signedToken(ctx, url, expiresIn)}` });
}

async function signMany(req: Request, bucket: string, ctx: ServerContext): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  if (
    !Array.isArray(body.paths) ||
    body.paths.length === 0 ||
    !body.paths.every((p) => typeof p === 'string')
  ) {
    throw storageErrors.missingParameter('paths');
  }
  const paths = body.paths as string[];
  const found = await asCaller(ctx, caller, async (tx) => {
    const res = await tx.query<{ name: string }>(
      `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
      [bucket, paths],
    );
    return new Set(res.rows.map((r) => r.name));
  });
  return json(
    200,
    paths.map((path) => {
      if (!found.has(path)) {
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        };
      }
      const url = `${bucket}/${path}`;
      return {
        error: null,
        path,
        signedURL: `/object/sign/${url}?token=${signedToken(ctx, url, expiresIn)}`,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Info, list, remove, move, copy

async function info(
  req: Request,
  target: { bucket: string; key: string },
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const row = await asCaller(ctx, caller, (tx) => selectObject(tx, target.bucket, target.key));
  if (!row) throw storageErrors.noSuchKey();
  const meta = jsonObject(row.metadata);
  return json(200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: typeof meta.size === 'number' ? meta.size : null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    content_encoding: meta.contentEncoding ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: iso(row.updated_at),
    created_at: iso(row.created_at),
  });
}

type ListEntry = {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
};

async function list(req: Request, bucket: string, ctx: ServerContext): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  let prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 10_000);
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const sortBy = isRecord(body.sortBy) ? body.sortBy : {};
  const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(
    String(sortBy.column),
  )
    ? (String(sortBy.column) as 'name' | 'created_at' | 'updated_at' | 'last_accessed_at')
    : 'name';
  const descending = String(sortBy.order).toLowerCase() === 'desc';
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await asCaller(ctx, caller, async (tx) => {
    const res = await tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 order by name`,
      [bucket, like],
    );
    return res.rows;
  });
  const folders = new Map<string, ListEntry>();
  const files: ListEntry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    if (search && !rest.toLowerCase().startsWith(search)) continue;
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const name = rest.slice(0, slash);
      if (!folders.has(name)) {
        folders.set(name, {
          name,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    } else {
      files.push({
        name: rest,
        id: row.id,
        updated_at: iso(row.updated_at),
        created_at: iso(row.created_at),
        last_accessed_at: iso(row.last_accessed_at),
        metadata: jsonObject(row.metadata),
      });
    }
  }
  const all = [...folders.values(), ...files];
  all.sort((a, b) => {
    const av = a[column] ?? '';
    const bv = b[column] ?? '';
    const cmp = av < bv ? -1 : av > bv ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    return descending ? -cmp : cmp;
  });
  return json(200, all.slice(offset, offset + limit));
}

function objectJson(row: ObjectRow): Record<string, unknown> {
  return {
    bucket_id: row.bucket_id,
    name: row.name,
    owner: row.owner,
    owner_id: row.owner_id,
    id: row.id,
    version: row.version,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: jsonObject(row.metadata),
    user_metadata: row.user_metadata ?? null,
  };
}

async function deleteObjects(
  ctx: ServerContext,
  caller: Caller,
  bucket: string,
  keys: string[],
): Promise<ObjectRow[]> {
  const rows = await asCaller(ctx, caller, async (tx) => {
    const res = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, keys],
    );
    return res.rows;
  });
  for (const row of rows) await removeObjectFile(ctx.config.dataDir, row.bucket_id, row.name);
  return rows;
}

async function removeMany(req: Request, bucket: string, ctx: ServerContext): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    !prefixes.every((p) => typeof p === 'string')
  ) {
    throw storageErrors.missingParameter('prefixes');
  }
  const keys = (prefixes as string[]).map((p) => p.split('/').filter(Boolean).join('/'));
  const rows = await deleteObjects(ctx, caller, bucket, keys);
  return json(200, rows.map(objectJson));
}

async function removeOne(
  req: Request,
  target: { bucket: string; key: string },
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const rows = await deleteObjects(ctx, caller, target.bucket, [target.key]);
  if (rows.length === 0) throw storageErrors.noSuchKey();
  return json(200, { message: 'Successfully deleted' });
}

function moveParams(body: Record<string, unknown>): {
  from: { bucket: string; key: string };
  to: { bucket: string; key: string };
} {
  const bucketId = typeof body.bucketId === 'string' ? body.bucketId : '';
  const sourceKey = typeof body.sourceKey === 'string' ? body.sourceKey : '';
  const destinationKey = typeof body.destinationKey === 'string' ? body.destinationKey : '';
  if (!bucketId) throw storageErrors.missingParameter('bucketId');
  if (!sourceKey) throw storageErrors.missingParameter('sourceKey');
  if (!destinationKey) throw storageErrors.missingParameter('destinationKey');
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket
      ? body.destinationBucket
      : bucketId;
  return {
    from: { bucket: checkBucketName(bucketId), key: cleanKey(sourceKey) },
    to: { bucket: checkBucketName(destinationBucket), key: cleanKey(destinationKey) },
  };
}

async function move(req: Request, ctx: ServerContext): Promise<Response> {
  const caller = callerOf(req, ctx);
  const { from, to } = moveParams(await readJson(req));
  if (to.bucket !== from.bucket) await findBucket(ctx, to.bucket);
  await asCaller(ctx, caller, async (tx) => {
    const res = await tx.query(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2`,
      [from.bucket, from.key, to.bucket, to.key],
    );
    if ((res.affectedRows ?? 0) === 0) throw storageErrors.noSuchKey();
  });
  const source = objectPath(ctx.config.dataDir, from.bucket, from.key);
  await moveInto(source, objectPath(ctx.config.dataDir, to.bucket, to.key));
  await removeObjectFile(ctx.config.dataDir, from.bucket, from.key);
  return json(200, { message: 'Successfully moved' });
}

async function copy(req: Request, ctx: ServerContext): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  const { from, to } = moveParams(body);
  if (to.bucket !== from.bucket) await findBucket(ctx, to.bucket);
  const source = await asCaller(ctx, caller, (tx) => selectObject(tx, from.bucket, from.key));
  if (!source) throw storageErrors.noSuchKey();
  const temp = await copyToTemp(
    ctx.config.dataDir,
    objectPath(ctx.config.dataDir, from.bucket, from.key),
  ).catch(() => {
    throw storageErrors.noSuchKey();
  });
  const owner = caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null;
  try {
    const id = randomUUID();
    await asCaller(ctx, caller, async (tx) => {
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`,
        [
          id,
          to.bucket,
          to.key,
          owner,
          caller.sub,
          JSON.stringify({
            ...jsonObject(source.metadata),
            lastModified: new Date().toISOString(),
          }),
          body.copyMetadata === false || source.user_metadata === null
            ? null
            : JSON.stringify(source.user_metadata),
          randomUUID(),
        ],
      );
    });
    await moveInto(temp, objectPath(ctx.config.dataDir, to.bucket, to.key));
    return json(200, { Id: id, Key: `${to.bucket}/${to.key}` });
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Buckets

/** file_size_limit as a number of bytes or a string like "5MB", "100kb", "1GB". */
export function parseSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0)
      throw storageErrors.invalidRequest('Invalid file_size_limit');
    return Math.floor(value);
  }
  if (typeof value !== 'string') throw storageErrors.invalidRequest('Invalid file_size_limit');
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) throw storageErrors.invalidRequest('Invalid file_size_limit');
  const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
  return Math.floor(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1));
}

function bucketJson(row: BucketRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public === true,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    type: row.type ?? 'STANDARD',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function mimeList(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw storageErrors.invalidRequest('allowed_mime_types must be an array of strings');
  }
  return value as string[];
}

async function bucketRoute(
  req: Request,
  method: string,
  id: string | undefined,
  rest: string[],
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  if (id === undefined || id === '') {
    if (method === 'GET') {
      const rows = await asCaller(
        ctx,
        caller,
        async (tx) =>
          (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`))
            .rows,
      );
      return json(200, rows.map(bucketJson));
    }
    if (method === 'POST') {
      const body = await readJson(req);
      const name =
        typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
      const bucketId = checkBucketName(typeof body.id === 'string' && body.id ? body.id : name);
      checkBucketName(name);
      const sizeLimitValue = parseSizeLimit(body.file_size_limit);
      const mimes = mimeList(body.allowed_mime_types);
      const owner = caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null;
      try {
        await asCaller(ctx, caller, (tx) =>
          tx.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
            [bucketId, name, owner, caller.sub, body.public === true, sizeLimitValue, mimes],
          ),
        );
      } catch (error) {
        throw fromDbError(error, storageErrors.bucketAlreadyExists) ?? error;
      }
      return json(200, { name: bucketId });
    }
    throw storageErrors.notFound();
  }
  checkBucketName(id);
  if (rest.length === 1 && rest[0] === 'empty' && method === 'POST') {
    await findBucket(ctx, id);
    const rows = await asCaller(ctx, caller, async (tx) => {
      const res = await tx.query<{ name: string }>(
        `delete from storage.objects where bucket_id = $1 returning name`,
        [id],
      );
      return res.rows;
    });
    for (const row of rows) await removeObjectFile(ctx.config.dataDir, id, row.name);
    return json(200, { message: 'Successfully emptied' });
  }
  if (rest.length > 0) throw storageErrors.notFound();
  if (method === 'GET') {
    const row = await asCaller(
      ctx,
      caller,
      async (tx) =>
        (
          await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [
            id,
          ])
        ).rows[0],
    );
    if (!row) throw storageErrors.noSuchBucket();
    return json(200, bucketJson(row));
  }
  if (method === 'PUT') {
    const body = await readJson(req);
    const sets: string[] = [];
    const params: unknown[] = [id];
    if (body.public !== undefined) {
      params.push(body.public === true);
      sets.push(`public = $${params.length}`);
    }
    if (body.file_size_limit !== undefined) {
      params.push(parseSizeLimit(body.file_size_limit));
      sets.push(`file_size_limit = $${params.length}`);
    }
    if (body.allowed_mime_types !== undefined) {
      params.push(mimeList(body.allowed_mime_types));
      sets.push(`allowed_mime_types = $${params.length}::text[]`);
    }
    sets.push('updated_at = now()');
    const updated = await asCaller(
      ctx,
      caller,
      async (tx) =>
        (await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params))
          .affectedRows ?? 0,
    );
    if (updated === 0) throw storageErrors.noSuchBucket();
    return json(200, { message: 'Successfully updated' });
  }
  if (method === 'DELETE') {
    const count = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = $1`,
      [id],
    );
    if ((count.rows[0]?.n ?? 0) > 0) throw storageErrors.bucketNotEmpty();
    const deleted = await asCaller(
      ctx,
      caller,
      async (tx) =>
        (await tx.query(`delete from storage.buckets where id = $1`, [id])).affectedRows ?? 0,
    );
    if (deleted === 0) throw storageErrors.noSuchBucket();
    await removeBucketDir(ctx.config.dataDir, id);
    return json(200, { message: 'Successfully deleted' });
  }
  throw storageErrors.notFound();
}
