import type { ServerContext, Service } from '../context.ts';
import { bucketRoute } from './buckets.ts';
import { fromDbError, StorageError, storageErrorResponse, storageErrors } from './errors.ts';
import { download, publicDownload } from './downloads.ts';
import { bucketAndKey, checkBucketName, decodeSegments } from './names.ts';
import { listV2 } from './list-v2.ts';
import { copy, info, list, move, removeMany, removeOne } from './objects.ts';
import { signedDownload, signedUpload, signMany, signOne, signUpload } from './signed-urls.ts';
import { upload } from './uploads.ts';

// Supabase Storage API subset (/storage/v1, compat doc §4): the router. Row level security on
// storage.objects decides every non-public operation: each one runs in a transaction as the
// request's role with request.jwt.claims set, exactly like /rest/v1.

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
    case 'list-v2':
      if (method === 'POST' && after.length === 1) return listV2(req, after[0] ?? '', ctx);
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
