import type { ServerContext } from '../context.ts';
import { asCaller, callerOf, ownerUuid } from './caller.ts';
import { fromDbError, storageErrors } from './errors.ts';
import { removeBucketDir, removeObjectFile } from './files.ts';
import { checkBucketName, readJson } from './names.ts';
import { json } from '../http/errors.ts';
import { BUCKET_COLUMNS, bucketJson, findBucket, type BucketRow } from './rows.ts';

// /bucket routes. Buckets are configuration: every change runs as the caller, so only a role
// that row level security lets through (the service role, in this app) changes them, and a
// refused change is answered as refused, never as done. Emptying a bucket is for the service
// role only, as on hosted Storage.

/**
 * file_size_limit as hosted Storage reads it (storage's parseFileSizeToBytes): a number of bytes,
 * or a number with a unit and no space ("20mb", "1.5GB", "300KB", "3B"), the units decimal
 * (20mb is 20,000,000 bytes) and the number rounded to three significant digits.
 */
export function parseSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw invalidSizeLimit();
    return Math.floor(value);
  }
  if (typeof value !== 'string') throw invalidSizeLimit();
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw invalidSizeLimit();
  const units: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1000, B: 1 };
  const amount = Number(Number.parseFloat(match[1] ?? '').toPrecision(3));
  return Math.round(amount * (units[(match[2] ?? 'B').toUpperCase()] ?? 1));
}

function invalidSizeLimit() {
  return storageErrors.invalidRequest(
    'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
  );
}

function mimeList(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw storageErrors.invalidRequest('allowed_mime_types must be an array of strings');
  }
  return value as string[];
}

export async function bucketRoute(
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
      const owner = ownerUuid(caller);
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
    // Hosted Storage serves this route to the service role only (403 "Invalid role").
    if (caller.role !== 'service_role') throw storageErrors.invalidRole();
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
    if (updated === 0) {
      await findBucket(ctx, id);
      // The bucket exists, so row level security hid it from this caller's update.
      throw storageErrors.accessDenied('Access denied: you may not change this bucket');
    }
    return json(200, { message: 'Successfully updated' });
  }
  if (method === 'DELETE') {
    await findBucket(ctx, id);
    let deleted: number;
    try {
      // One statement as the caller: row level security filters the bucket first, then the
      // objects' foreign key refuses a bucket that still holds files.
      deleted = await asCaller(
        ctx,
        caller,
        async (tx) =>
          (await tx.query(`delete from storage.buckets where id = $1`, [id])).affectedRows ?? 0,
      );
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === '23503') throw storageErrors.bucketNotEmpty();
      throw error;
    }
    if (deleted === 0)
      throw storageErrors.accessDenied('Access denied: you may not delete this bucket');
    await removeBucketDir(ctx.config.dataDir, id);
    return json(200, { message: 'Successfully deleted' });
  }
  throw storageErrors.notFound();
}
