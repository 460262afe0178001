import type { Queryable, ServerContext } from '../context.ts';
import { iso, jsonObject } from '../auth/request.ts';
import { storageErrors } from './errors.ts';

// Rows of storage.buckets and storage.objects as the API reads and prints them.

export type BucketRow = {
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

export type ObjectRow = {
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

export const OBJECT_COLUMNS = `id::text as id, bucket_id, name, owner::text as owner, owner_id, metadata, user_metadata,
  version, created_at, updated_at, last_accessed_at`;
export const BUCKET_COLUMNS = `id, name, owner::text as owner, owner_id, public, file_size_limit::text as file_size_limit,
  allowed_mime_types, type::text as type, created_at, updated_at`;

/** The bucket as the service sees it (not subject to RLS): existence and limits. */
export async function findBucket(ctx: ServerContext, id: string): Promise<BucketRow> {
  const res = await ctx.db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  );
  const bucket = res.rows[0];
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

export async function selectObject(
  q: Queryable,
  bucket: string,
  key: string,
): Promise<ObjectRow | null> {
  const res = await q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  return res.rows[0] ?? null;
}

export function objectJson(row: ObjectRow): Record<string, unknown> {
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

export function bucketJson(row: BucketRow): Record<string, unknown> {
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
