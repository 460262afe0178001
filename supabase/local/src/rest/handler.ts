import type { Service, ServerContext } from '../context.ts';
import { statementTimeoutMs } from '../db/role-timeouts.ts';
import { checkEmbedDepth, DEFAULT_MAX_READ_COST } from './bounds.ts';
import { ApiError, apiError } from './errors.ts';
import { execute, type Exec } from './execute.ts';
import { parseQuery } from './parser.ts';
import { checkPatterns } from './patterns.ts';
import {
  checkPrefer,
  countTotal,
  maxAffectedError,
  parsePrefer,
  preferenceApplied,
} from './prefer.ts';
import { authenticate, checkAggregates, isObject, readJson } from './request.ts';
import {
  contentRange,
  errorResponse,
  mediaHeaders,
  negotiate,
  num,
  page,
  respond,
  singularError,
  unwrapObject,
} from './response.ts';
import { rpc } from './rpc.ts';
import { DEFAULT_SCHEMA, exposedSchemas, findTable, getSchema } from './schema-cache.ts';
import {
  countPlanStatement,
  deleteStatement,
  insertStatement,
  readStatement,
  updateStatement,
} from './sql.ts';
import { endsInRollback } from './tx-end.ts';

// /rest/v1: the PostgREST subset of compat §2. Each request is one transaction that sets the
// role and the JWT claims with set_config(…, true), runs one statement and commits (or rolls
// back, as db-tx-end and `Prefer: tx=…` say: tx-end.ts).

// ---- the service ----------------------------------------------------------------------------

export const restService: Service = async (req, path, ctx) => {
  try {
    return await handle(req, path, ctx);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    console.error(`rest ${req.method} ${path} failed:`, error);
    return errorResponse(apiError(500, 'XX000', 'Internal server error'));
  }
};

/** A NUL byte (raw or %00) anywhere in the path or query string. */
function hasNulByte(url: string): boolean {
  return url.includes('\0') || /%00/i.test(url);
}

async function handle(req: Request, path: string, ctx: ServerContext): Promise<Response> {
  const method = req.method.toUpperCase();
  // Postgres text cannot hold NUL; PostgREST answers such input with a 400, never a 5xx.
  if (hasNulByte(req.url)) {
    throw apiError(400, 'PGRST100', 'The request URL contains a NUL byte', null, null);
  }
  const headers = req.headers;
  const profile = headers.get(
    method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile',
  );
  const schemas = exposedSchemas(ctx.config);
  if (profile && !schemas.includes(profile)) {
    throw apiError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  const schemaName = profile ?? schemas[0] ?? DEFAULT_SCHEMA;
  // `apikey` may also come as a URL parameter (hosted gateway behaviour); it is never a filter.
  const url = new URL(req.url);
  const keyParam = url.searchParams.get('apikey');
  url.searchParams.delete('apikey');
  let authHeaders = headers;
  if (keyParam && !headers.has('apikey')) {
    authHeaders = new Headers(headers);
    authHeaders.set('apikey', keyParam);
  }
  const auth = authenticate(authHeaders, ctx.keys);
  const timeoutMs = await statementTimeoutMs(ctx, auth.role);
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length === 0) {
    return respond(
      200,
      JSON.stringify({ swagger: '2.0', info: { title: 'Magyarul local REST', version: '1' } }),
    );
  }
  let decoded: string[];
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw apiError(404, 'PGRST125', `Invalid path specified in request URL: ${path}`);
  }
  const media = negotiate(headers.get('accept'));
  const singular = media.singular;
  const txEnd = ctx.config.dbTxEnd ?? 'commit';
  const prefer = parsePrefer(headers.get('prefer'), txEnd);
  const applied = preferenceApplied(prefer);
  const schema = await getSchema(ctx.db, schemaName);
  if (decoded[0] === 'rpc' && decoded.length === 2) {
    return rpc(
      req,
      decoded[1] ?? '',
      url,
      ctx,
      { ...auth, timeoutMs },
      schema,
      media,
      prefer,
      path,
    );
  }
  if (decoded.length !== 1)
    throw apiError(404, 'PGRST125', `Invalid path specified in request URL: ${path}`);
  const name = decoded[0] ?? '';
  const parsed = parseQuery(url.searchParams);
  if (!parsed.ok) throw new ApiError(400, parsed.error);
  const query = parsed.value;
  const depth = checkEmbedDepth(query);
  checkPatterns(query);
  checkAggregates(ctx.config, query);
  const found = await findTable(ctx.db, schema, name);
  checkPrefer(prefer);
  const exec = (readOnly: boolean): Exec => ({
    auth,
    schemaName: found.schema.name,
    timeoutMs,
    req,
    path,
    readOnly,
    singular,
    rollback: endsInRollback(txEnd, prefer.tx),
  });
  // PostgREST counts exactly for count=exact and count=estimated; count=planned (and the
  // estimate above max-rows) comes from the planner.
  const count = prefer.count === 'exact' || prefer.count === 'estimated';
  const objectHeaders = mediaHeaders(media);
  query.format = media.format;
  const respondWith = (status: number, body: string | null, extra: Record<string, string>) =>
    respond(status, body, { 'content-profile': found.schema.name, ...extra, ...applied });

  if (method === 'GET' || method === 'HEAD') {
    const p = page(query, headers, ctx.config.maxRows);
    // PGlite only: on PostgreSQL a slow query holds one pooled connection, not the server, and
    // the per-role statement_timeout ends it (and a fresh database's missing statistics would
    // make the planner's estimates refuse ordinary reads).
    const maxCost =
      ctx.db.kind === 'pglite' ? (ctx.config.maxReadCost ?? DEFAULT_MAX_READ_COST) : 0;
    const explain =
      prefer.count === 'planned' || prefer.count === 'estimated'
        ? { plan: countPlanStatement(found.schema, query, found.table) }
        : {};
    const row = await execute(
      ctx.db,
      {
        ...exec(true),
        ...explain,
        ...(maxCost > 0 ? { maxCost, plain: depth === 0 } : {}),
      },
      readStatement(found.schema, query, found.table, { ...p, count }),
    );
    const total = countTotal(prefer, num(row.total_count), row.planned, ctx.config.maxRows);
    const rows = Number(row.page_count);
    if (total !== null && p.offset > 0 && p.offset > total) {
      throw apiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${p.offset} was requested, but there are only ${total} rows.`,
        null,
        {
          'content-range': `*/${total}`,
        },
      );
    }
    const status = total !== null && rows < total && !singular ? 206 : 200;
    const body = singular ? unwrapObject(row.body) : (row.body ?? '[]');
    return respondWith(status, method === 'HEAD' ? null : body, {
      'content-range': contentRange(p.offset, rows, total),
      ...objectHeaders,
    });
  }

  const returning = prefer.return === 'representation';
  if (!returning && !url.searchParams.has('select')) query.select = [{ type: 'star' }];
  // max-affected (with handling=strict) limits PATCH and DELETE; the transaction rolls back.
  const limitAffected: Pick<Exec, 'reject'> =
    prefer.handling === 'strict' && prefer.maxAffected !== undefined
      ? { reject: (row) => maxAffectedError(prefer, Number(row.page_count)) }
      : {};

  if (method === 'POST' || method === 'PUT') {
    const body = await readJson(req);
    const rows = body === undefined ? [] : Array.isArray(body) ? body : [body];
    if (!rows.every(isObject)) {
      throw apiError(
        400,
        'PGRST102',
        'All object keys must match',
        'The body must be a JSON object or an array of objects',
      );
    }
    const columns = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const resolution = method === 'PUT' ? 'merge-duplicates' : prefer.resolution;
    if (rows.length === 0) {
      if (singular) throw singularError(0);
      return respondWith(201, returning ? '[]' : null, {
        'content-range': `*/${count ? 0 : '*'}`,
      });
    }
    const row = await execute(
      ctx.db,
      exec(false),
      insertStatement(found.schema, query, found.table, {
        body: JSON.stringify(rows),
        columns,
        missingDefault: prefer.missing === 'default',
        ...(resolution ? { resolution } : {}),
        returning,
        count,
      }),
    );
    const total = num(row.total_count);
    const representation = returning
      ? singular
        ? unwrapObject(row.body)
        : (row.body ?? '[]')
      : null;
    if (method === 'PUT') {
      // PostgREST: 201 when the row was created, 200 when it replaced one; 204 without a body.
      const status = !returning ? 204 : (row.inserted ?? 1) > 0 ? 201 : 200;
      return respondWith(status, representation, returning ? objectHeaders : {});
    }
    // An upsert (merge-duplicates) that inserted nothing answers 200, as PostgREST does.
    const status = resolution === 'merge-duplicates' && (row.inserted ?? 1) <= 0 ? 200 : 201;
    return respondWith(status, representation, {
      'content-range': `*/${total === null ? '*' : total}`,
      ...(returning ? objectHeaders : {}),
    });
  }

  if (method === 'PATCH') {
    const body = await readJson(req);
    if (!isObject(body)) {
      throw apiError(400, 'PGRST102', 'Empty or invalid json', 'PATCH needs a JSON object');
    }
    const columns = Object.keys(body);
    if (columns.length === 0) {
      if (singular) throw singularError(0);
      return respondWith(returning ? 200 : 204, returning ? '[]' : null, {
        'content-range': '*/*',
      });
    }
    const row = await execute(
      ctx.db,
      { ...exec(false), ...limitAffected },
      updateStatement(found.schema, query, found.table, {
        body: JSON.stringify(body),
        columns,
        returning,
        count,
      }),
    );
    const rows = Number(row.page_count);
    return respondWith(
      returning ? 200 : 204,
      returning ? (singular ? unwrapObject(row.body) : (row.body ?? '[]')) : null,
      {
        'content-range': contentRange(0, rows, num(row.total_count)),
        ...(returning ? objectHeaders : {}),
      },
    );
  }

  if (method === 'DELETE') {
    const row = await execute(
      ctx.db,
      { ...exec(false), ...limitAffected },
      deleteStatement(found.schema, query, found.table, { returning, count }),
    );
    const total = num(row.total_count);
    return respondWith(
      returning ? 200 : 204,
      returning ? (singular ? unwrapObject(row.body) : (row.body ?? '[]')) : null,
      {
        'content-range': `*/${total === null ? '*' : total}`,
        ...(returning ? objectHeaders : {}),
      },
    );
  }

  throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}
