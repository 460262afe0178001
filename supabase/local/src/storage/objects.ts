import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { iso, isRecord, jsonObject } from '../auth/request.ts';
import { asCaller, callerOf, ownerUuid, type Caller } from './caller.ts';
import { storageErrors } from './errors.ts';
import { copyToTemp, moveInto, objectPath, removeObjectFile, removeQuietly } from './files.ts';
import { checkBucketName, cleanKey, readJson, stringList, type Target } from './names.ts';
import { json } from '../http/errors.ts';
import { findBucket, OBJECT_COLUMNS, objectJson, selectObject, type ObjectRow } from './rows.ts';

// Object operations other than upload and download: info, list, remove, move and copy, each
// run as the caller so row level security decides.

export async function info(req: Request, target: Target, ctx: ServerContext): Promise<Response> {
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

export async function list(req: Request, bucket: string, ctx: ServerContext): Promise<Response> {
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

export async function removeMany(
  req: Request,
  bucket: string,
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const prefixes = stringList(await readJson(req), 'prefixes');
  const keys = prefixes.map((p) => p.split('/').filter(Boolean).join('/'));
  const rows = await deleteObjects(ctx, caller, bucket, keys);
  return json(200, rows.map(objectJson));
}

export async function removeOne(
  req: Request,
  target: Target,
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

export async function move(req: Request, ctx: ServerContext): Promise<Response> {
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

export async function copy(req: Request, ctx: ServerContext): Promise<Response> {
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
  const owner = ownerUuid(caller);
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
