import type { ServerContext } from '../context.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { isRecord } from '../auth/request.ts';
import { asCaller, callerFromClaims, callerOf, testPermission } from './caller.ts';
import { storageErrors } from './errors.ts';
import { bucketAndKey, readJson, stringList, type Target } from './names.ts';
import { json } from '../http/errors.ts';
import { findBucket, selectObject } from './rows.ts';
import { serveObject } from './downloads.ts';
import { readCheckedUpload, storeObject, writeObjectRow } from './uploads.ts';

// Signed URLs. A download URL is signed for a caller who can read the object and then serves it
// to anyone holding the token until it expires (as hosted Storage does). An upload URL is signed
// only for a caller who could make the upload itself (the insert, or for x-upsert the upsert,
// is tried as the caller and rolled back), and the upload made with the token runs as that
// caller again: the token carries the signer's claims and row level security decides a second
// time at the point of effect. Each token names its scope, so one kind cannot serve as the other.

type Scope = 'download' | 'upload';

/** Hosted uploadSignedUrlExpirationTime: two hours. */
const UPLOAD_URL_SECONDS = 7200;

function signedToken(
  ctx: ServerContext,
  url: string,
  scope: Scope,
  expiresIn: number,
  extra: Record<string, unknown> = {},
): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ url, scope, iat, exp: iat + expiresIn, ...extra }, ctx.keys.jwtSecret);
}

function checkSignedToken(
  req: Request,
  ctx: ServerContext,
  target: Target,
  scope: Scope,
): Record<string, unknown> {
  const token = new URL(req.url).searchParams.get('token');
  if (!token) throw storageErrors.invalidSignature('Missing token');
  const verified = verifyJwt(token, ctx.keys.jwtSecret);
  if (!verified.ok) {
    throw storageErrors.invalidJwt(
      verified.error.code === 'expired' ? 'jwt expired' : 'invalid signature',
    );
  }
  const claims = verified.claims;
  if (claims.url !== `${target.bucket}/${target.key}`) throw storageErrors.invalidSignature();
  // Download tokens made before scopes existed carry neither scope nor upsert; upload tokens
  // always need their scope (the old ones are exactly what must stop working).
  const tokenScope =
    typeof claims.scope === 'string' ? claims.scope : 'upsert' in claims ? 'upload' : 'download';
  if (tokenScope !== scope) throw storageErrors.invalidSignature();
  return claims;
}

function expiresInOf(body: Record<string, unknown>): number {
  const value = Number(body.expiresIn);
  if (!Number.isFinite(value) || value < 1)
    throw storageErrors.invalidRequest('expiresIn must be a positive number');
  return Math.floor(value);
}

/** Claims worth carrying to the upload: the signer's, without its own validity window. */
function signerClaims(claims: Record<string, unknown>): Record<string, unknown> {
  const { exp: _exp, iat: _iat, nbf: _nbf, ...rest } = claims;
  return rest;
}

export async function signUpload(
  req: Request,
  target: Target,
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  await findBucket(ctx, target.bucket);
  const upsert = req.headers.get('x-upsert') === 'true';
  await testPermission(ctx, caller, (tx) =>
    writeObjectRow(
      tx,
      { caller, target, metadata: '{}', userMetadata: null, version: 'signing-probe' },
      upsert,
    ),
  );
  const url = `${target.bucket}/${target.key}`;
  const token = signedToken(ctx, url, 'upload', UPLOAD_URL_SECONDS, {
    owner: caller.sub ?? undefined,
    upsert,
    signer: signerClaims(caller.claims),
  });
  return json(200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

export async function signedUpload(
  req: Request,
  target: Target,
  ctx: ServerContext,
): Promise<Response> {
  const claims = checkSignedToken(req, ctx, target, 'upload');
  if (!isRecord(claims.signer)) throw storageErrors.invalidSignature();
  const caller = callerFromClaims(claims.signer);
  const bucket = await findBucket(ctx, target.bucket);
  const incoming = await readCheckedUpload(req, bucket, ctx.config.dataDir);
  const { id } = await storeObject(ctx, caller, target, incoming, claims.upsert === true);
  return json(200, { Id: id, Key: `${target.bucket}/${target.key}` });
}

export async function signedDownload(
  req: Request,
  segments: string[],
  ctx: ServerContext,
): Promise<Response> {
  const target = bucketAndKey(segments);
  checkSignedToken(req, ctx, target, 'download');
  const row = await selectObject(ctx.db, target.bucket, target.key);
  if (!row) throw storageErrors.noSuchKey();
  return serveObject(req, ctx, row);
}

export async function signOne(req: Request, target: Target, ctx: ServerContext): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const row = await asCaller(ctx, caller, (tx) => selectObject(tx, target.bucket, target.key));
  if (!row) throw storageErrors.noSuchKey();
  const url = `${target.bucket}/${target.key}`;
  return json(200, {
    signedURL: `/object/sign/${url}?token=${signedToken(ctx, url, 'download', expiresIn)}`,
  });
}

export async function signMany(
  req: Request,
  bucket: string,
  ctx: ServerContext,
): Promise<Response> {
  const caller = callerOf(req, ctx);
  const body = await readJson(req);
  const expiresIn = expiresInOf(body);
  const paths = stringList(body, 'paths');
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
        signedURL: `/object/sign/${url}?token=${signedToken(ctx, url, 'download', expiresIn)}`,
      };
    }),
  );
}
