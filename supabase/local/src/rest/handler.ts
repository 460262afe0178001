import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Keys, Queryable, Service, ServerConfig, ServerContext } from '../context.ts';
import { parseToml, tomlTable } from '../functions/config-toml.ts';
import type { LocalDb } from '../db/types.ts';
import { bytesResponse } from '../http/known-body.ts';
import { statementTimeoutMs, timeoutSetting } from '../db/role-timeouts.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';
import {
  checkEmbedDepth,
  costError,
  DEFAULT_MAX_EMBED_COST,
  HEAVY_COST,
  heavyLane,
  plannedCost,
} from './bounds.ts';
import { ApiError, apiError, fromPgError, isPgError } from './errors.ts';
import { hasAggregates, parseQuery, type BodyFormat, type ParsedQuery } from './parser.ts';
import { introspect, type Fn, type Schema, type Table } from './schema.ts';
import {
  countPlanStatement,
  deleteStatement,
  insertStatement,
  readStatement,
  rpcStatement,
  updateStatement,
  type ResultRow,
  type Statement,
} from './sql.ts';

// /rest/v1: the PostgREST subset of compat §2. Each request is one transaction that sets the
// role and the JWT claims with set_config(…, true), runs one statement and commits.

const DEFAULT_SCHEMA = 'public';

/** PostgREST's db-extra-search-path (hosted Supabase: public, extensions). */
const EXTRA_SEARCH_PATH = ['public', 'extensions'];

const exposedCache = new WeakMap<ServerConfig, string[]>();

/** The exposed schemas: ServerConfig.dbSchemas, else [api] schemas of config.toml, else public. */
export function exposedSchemas(config: ServerConfig): string[] {
  const known = exposedCache.get(config);
  if (known) return known;
  let schemas = config.dbSchemas;
  if (!schemas) {
    const path = join(config.supabaseDir, 'config.toml');
    const value = existsSync(path)
      ? tomlTable(parseToml(readFileSync(path, 'utf8')), ['api'])?.schemas
      : undefined;
    schemas =
      Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string')
        ? (value as string[])
        : [DEFAULT_SCHEMA];
  }
  exposedCache.set(config, schemas);
  return schemas;
}

function searchPath(schema: string): string {
  return [schema, ...EXTRA_SEARCH_PATH.filter((s) => s !== schema)]
    .map((s) => (/^[a-z_][a-z0-9_]*$/.test(s) ? s : `"${s.replace(/"/g, '""')}"`))
    .join(', ');
}

// ---- schema cache ---------------------------------------------------------------------------

type CacheEntry = { schema: Promise<Schema>; loadedAt: number };
const caches = new WeakMap<Db, Map<string, CacheEntry>>();

export function invalidateSchemaCache(db: Db): void {
  caches.delete(db);
}

function load(db: Db, name: string): CacheEntry {
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  const entries = byName;
  const entry: CacheEntry = { schema: introspect(db, name), loadedAt: Date.now() };
  entry.schema.catch(() => entries.delete(name));
  entries.set(name, entry);
  return entry;
}

export function getSchema(db: Db, name = DEFAULT_SCHEMA): Promise<Schema> {
  return (caches.get(db)?.get(name) ?? load(db, name)).schema;
}

/** Re-reads the catalogue when a name is missing (at most once a second). */
async function refreshed(db: Db, name: string): Promise<Schema | null> {
  const entry = caches.get(db)?.get(name);
  if (entry && Date.now() - entry.loadedAt < 1000) return null;
  return load(db, name).schema;
}

// ---- request helpers ------------------------------------------------------------------------

type Auth = { role: string; claims: JwtClaims };

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): ApiError {
  return apiError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

export function authenticate(headers: Headers, keys: Keys): Auth {
  const apikey = headers.get('apikey');
  const authorization = headers.get('authorization');
  let bearer: string | null = null;
  if (authorization) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    if (!match?.[1])
      throw jwtError('PGRST301', 'Expected an Authorization header of the form Bearer <token>');
    bearer = match[1].trim();
  }
  if (!apikey && !bearer) {
    throw apiError(
      401,
      'PGRST301',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
      {
        'www-authenticate': 'Bearer',
      },
    );
  }
  let token = bearer ?? apikey ?? '';
  // New-format keys are not JWTs: a publishable key (or a bearer repeating it) means anon.
  if (token.startsWith('sb_')) {
    if (apikey && apikey !== token && !apikey.startsWith('sb_')) token = apikey;
    else return { role: 'anon', claims: { role: 'anon' } };
  }
  const result = verifyJwt(token, keys.jwtSecret);
  if (!result.ok) {
    if (result.error.code === 'expired') throw jwtError('PGRST303', 'JWT expired');
    throw jwtError('PGRST301', result.error.message);
  }
  const role =
    typeof result.claims.role === 'string' && result.claims.role !== ''
      ? result.claims.role
      : 'anon';
  return { role, claims: { ...result.claims, role } };
}

export type Prefer = {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  /** Preferences PostgREST does not know (PGRST122 under handling=strict). */
  invalid: string[];
};

// PostgREST's accepted preference tokens. `tx=commit|rollback` is known but, like hosted
// Supabase (db-tx-end=commit), never applied: a request always commits.
const KNOWN_PREFS: Record<string, Partial<Prefer>> = {
  'return=minimal': { return: 'minimal' },
  'return=representation': { return: 'representation' },
  'return=headers-only': { return: 'headers-only' },
  'count=exact': { count: 'exact' },
  'count=planned': { count: 'planned' },
  'count=estimated': { count: 'estimated' },
  'resolution=merge-duplicates': { resolution: 'merge-duplicates' },
  'resolution=ignore-duplicates': { resolution: 'ignore-duplicates' },
  'missing=default': { missing: 'default' },
  'missing=null': { missing: 'null' },
  'handling=strict': { handling: 'strict' },
  'handling=lenient': { handling: 'lenient' },
  'tx=commit': {},
  'tx=rollback': {},
};

export function parsePrefer(header: string | null): Prefer {
  const prefer: Prefer = { invalid: [] };
  if (!header) return prefer;
  const tokens = header
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  for (const token of tokens) {
    const known = KNOWN_PREFS[token];
    if (known) {
      // The first occurrence of each kind wins, as in PostgREST.
      for (const [key, value] of Object.entries(known) as [keyof Prefer, never][]) {
        if (prefer[key] === undefined) prefer[key] = value;
      }
    } else if (token.startsWith('timezone=')) {
      prefer.timezone ??= token.slice('timezone='.length);
    } else if (token.startsWith('max-affected=')) {
      const n = token.slice('max-affected='.length);
      if (prefer.maxAffected === undefined && /^-?[0-9]{1,18}$/.test(n)) {
        prefer.maxAffected = Number(n);
      }
    } else {
      prefer.invalid.push(token);
    }
  }
  return prefer;
}

/** PGRST122: unknown preferences under handling=strict. */
export function checkPrefer(prefer: Prefer): void {
  if (prefer.handling === 'strict' && prefer.invalid.length > 0) {
    throw apiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefer.invalid.join(', ')}`,
    );
  }
}

/**
 * The Preference-Applied header (PostgREST's order; max-affected only with handling=strict).
 * `timezone=` is accepted but not applied here (answers stay in the server's time zone), so it
 * is not echoed.
 */
export function preferenceApplied(prefer: Prefer): Record<string, string> {
  const applied = [
    prefer.resolution && `resolution=${prefer.resolution}`,
    prefer.missing && `missing=${prefer.missing}`,
    prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
    prefer.handling && `handling=${prefer.handling}`,
    prefer.handling === 'strict' &&
      prefer.maxAffected !== undefined &&
      `max-affected=${prefer.maxAffected}`,
  ].filter((v): v is string => typeof v === 'string');
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {};
}

/** PGRST124: more rows affected than `max-affected` allows under handling=strict. */
function maxAffectedError(prefer: Prefer, affected: number): ApiError | null {
  if (prefer.handling !== 'strict' || prefer.maxAffected === undefined) return null;
  if (affected <= prefer.maxAffected) return null;
  return apiError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${affected} rows`,
  );
}

const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

export type Media = { singular: boolean; format: BodyFormat };

/** Content negotiation (PostgREST's media types for tables and functions). */
export function negotiate(accept: string | null): Media {
  if (!accept) return { singular: false, format: 'json' };
  const types = accept.split(',').map((t) => t.replace(/\s+/g, '').toLowerCase());
  const stripped = (t: string) => t.includes(';nulls=stripped');
  const object = types.find((t) => t.startsWith(OBJECT_TYPE));
  if (object) return { singular: true, format: stripped(object) ? 'strip' : 'json' };
  for (const t of types) {
    const base = t.split(';')[0] ?? '';
    if (base === 'text/csv') return { singular: false, format: 'csv' };
    if (base === 'application/vnd.pgrst.array+json' || base === 'application/vnd.pgrst.array') {
      return { singular: false, format: stripped(t) ? 'strip' : 'json' };
    }
    if (base === '' || base === '*/*' || base === 'application/json' || base === 'application/*') {
      return { singular: false, format: 'json' };
    }
  }
  throw apiError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

/** The Content-Type of a body in the negotiated media type. */
function mediaHeaders(media: Media): Record<string, string> {
  const charset = '; charset=utf-8';
  if (media.format === 'csv') return { 'content-type': `text/csv${charset}` };
  const strip = media.format === 'strip' ? ';nulls=stripped' : '';
  if (media.singular) return { 'content-type': `${OBJECT_TYPE}${strip}${charset}` };
  if (strip) return { 'content-type': `application/vnd.pgrst.array+json${strip}${charset}` };
  return {};
}

function singularError(rows: number): ApiError {
  return apiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

/** Range: 0-9 (items), open-ended 10-. */
function parseRange(header: string | null): { offset: number; limit?: number } | null {
  if (!header) return null;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!match) return null;
  const from = Number(match[1]);
  if (match[2] === '' || match[2] === undefined) return { offset: from };
  const to = Number(match[2]);
  if (to < from)
    throw apiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    );
  return { offset: from, limit: to - from + 1 };
}

function page(
  query: ParsedQuery,
  headers: Headers,
  maxRows: number,
): { limit: number; offset: number } {
  const range = parseRange(headers.get('range'));
  let offset = query.offset.get('') ?? range?.offset ?? 0;
  let limit = query.limit.get('');
  if (range?.limit !== undefined) {
    limit = limit === undefined ? range.limit : Math.min(limit, range.limit);
    if (query.offset.get('') === undefined) offset = range.offset;
  }
  return { offset, limit: Math.min(limit ?? maxRows, maxRows) };
}

function contentRange(offset: number, rows: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${t}` : `*/${t}`;
}

const utf8 = new TextEncoder();

function respond(
  status: number,
  body: string | null,
  headers: Record<string, string> = {},
): Response {
  return bytesResponse(body === null ? null : utf8.encode(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-profile': DEFAULT_SCHEMA,
      ...headers,
    },
  });
}

function errorResponse(error: ApiError): Response {
  return respond(error.status, JSON.stringify(error.body), error.headers);
}

function num(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

const GUC_SQL =
  "select set_config('search_path', $8, true), set_config('role', $1, true), " +
  "set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), " +
  "set_config('request.path', $4, true), set_config('request.headers', $5, true), " +
  "set_config('request.cookies', $6, true), " +
  "set_config('statement_timeout', coalesce($7, current_setting('statement_timeout')), true)";

function cookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

type Exec = {
  auth: Auth;
  /** The request's schema: first on the search_path. */
  schemaName: string;
  /** Refuse the statement when the planner's cost exceeds this (reads that embed). */
  maxCost?: number;
  /** The role's statement timeout in ms (0: none); see db/role-timeouts.ts. */
  timeoutMs: number;
  req: Request;
  path: string;
  readOnly: boolean;
  singular: boolean;
  /** Refuses the result (and rolls the transaction back) when it returns an error. */
  reject?: (row: ResultRow) => ApiError | null;
  /** `count=planned|estimated`: also plan this statement and read the planner's row estimate. */
  plan?: Statement;
};

type RequestCapable = Db & { request: LocalDb['request'] };

function canPipeline(db: Db): db is RequestCapable {
  return typeof (db as Partial<RequestCapable>).request === 'function';
}

function toRow(values: unknown[] | undefined): ResultRow {
  if (!values) return { total_count: null, page_count: 0, body: '[]' };
  const [total, pageCount, body, inserted] = values;
  return {
    total_count: total === null || total === undefined ? null : Number(total),
    page_count: Number(pageCount ?? 0),
    body: body === null || body === undefined ? null : String(body),
    ...(inserted === undefined ? {} : { inserted: inserted === null ? null : Number(inserted) }),
  };
}

type PlanRows = { Plan?: { 'Plan Rows'?: number } };

function planRows(value: unknown): number | null {
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as PlanRows[] | undefined;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : null;
}

/** The result row plus, when asked (Exec.plan), the planner's row estimate. */
export type Executed = ResultRow & { planned?: number | null };

async function execute(db: Db, e: Exec, statement: Statement): Promise<Executed> {
  const headers: Record<string, string> = {};
  e.req.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setup = {
    sql: GUC_SQL,
    params: [
      e.auth.role,
      JSON.stringify(e.auth.claims),
      e.req.method,
      e.path,
      JSON.stringify(headers),
      JSON.stringify(cookies(e.req.headers.get('cookie'))),
      timeoutSetting(e.timeoutMs),
      searchPath(e.schemaName),
    ],
  };
  const decide = (row: ResultRow): ApiError | null => {
    if (e.singular && Number(row.page_count) !== 1) return singularError(Number(row.page_count));
    return e.reject?.(row) ?? null;
  };
  const explain = e.plan
    ? { sql: `explain (format json) ${e.plan.sql}`, params: e.plan.params }
    : null;
  try {
    if (canPipeline(db)) {
      let heavy = false;
      if (e.maxCost !== undefined) {
        const cost = await plannedCost(db, {
          readOnly: true,
          setup,
          main: statement,
          timeoutMs: e.timeoutMs,
        });
        if (cost > e.maxCost) costError(cost, e.maxCost);
        heavy = cost > HEAVY_COST;
      }
      let rejected: ApiError | null = null;
      const needsDecision = e.reject !== undefined || (e.singular && !e.readOnly);
      const run = () =>
        db.request({
          readOnly: e.readOnly,
          setup,
          main: statement,
          timeoutMs: e.timeoutMs,
          ...(needsDecision
            ? {
                commit: (values: unknown[][]) => {
                  rejected = decide(toRow(values[0]));
                  return rejected === null;
                },
              }
            : {}),
        });
      const rows = await (heavy ? heavyLane(db).run(run) : run());
      const row: Executed = toRow(rows[0]);
      if (rejected) throw rejected;
      const refused = decide(row);
      if (refused) throw refused;
      if (explain) {
        const planned = await db.request({
          readOnly: true,
          setup,
          main: explain,
          timeoutMs: e.timeoutMs,
        });
        row.planned = planRows(planned[0]?.[0]);
      }
      return row;
    }
    return await db.transaction(
      async (tx: Queryable) => {
        await tx.query(setup.sql, setup.params);
        const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
        const row: Executed = rows[0] ?? { total_count: null, page_count: 0, body: '[]' };
        const refused = decide(row);
        if (refused) throw refused;
        if (explain) {
          const planned = await tx.query<Record<string, unknown>>(explain.sql, explain.params);
          row.planned = planRows(Object.values(planned.rows[0] ?? {})[0]);
        }
        return row;
      },
      { readOnly: e.readOnly, timeoutMs: e.timeoutMs },
    );
  } catch (error) {
    if (isPgError(error)) throw fromPgError(error, e.auth.role);
    throw error;
  }
}

function unwrapObject(body: string | null): string {
  if (!body || body === '[]') return 'null';
  // json_agg prints `[elem, elem]`; a single element is the text between the brackets.
  return body.slice(1, -1).trim();
}

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw apiError(
      400,
      'PGRST102',
      'Empty or invalid json',
      error instanceof Error ? error.message : null,
    );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function findTable(
  db: Db,
  schema: Schema,
  name: string,
): Promise<{ schema: Schema; table: Table }> {
  const table = schema.tables.get(name);
  if (table) return { schema, table };
  const fresh = await refreshed(db, schema.name);
  const again = fresh?.tables.get(name);
  if (fresh && again) return { schema: fresh, table: again };
  throw apiError(
    404,
    'PGRST205',
    `Could not find the table '${schema.name}.${name}' in the schema cache`,
  );
}

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
  const prefer = parsePrefer(headers.get('prefer'));
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
      ctx.db.kind === 'pglite' ? (ctx.config.maxEmbedCost ?? DEFAULT_MAX_EMBED_COST) : 0;
    const explain =
      prefer.count === 'planned' || prefer.count === 'estimated'
        ? { plan: countPlanStatement(found.schema, query, found.table) }
        : {};
    const row = await execute(
      ctx.db,
      {
        ...exec(true),
        ...explain,
        ...(depth > 0 && maxCost > 0 ? { maxCost } : {}),
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

/** PGRST123: aggregates in select while db-aggregates-enabled is off (the hosted default). */
function checkAggregates(config: ServerConfig, query: ParsedQuery): void {
  if (!config.dbAggregates && hasAggregates(query.select)) {
    throw apiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
}

/** The Content-Range total: exact, the planner's estimate, or (estimated) the larger one above max-rows. */
function countTotal(
  prefer: Prefer,
  exact: number | null,
  planned: number | null | undefined,
  maxRows: number,
): number | null {
  if (prefer.count === 'planned') return planned ?? null;
  if (prefer.count === 'estimated' && exact !== null && exact > maxRows && planned != null) {
    return Math.max(exact, planned);
  }
  return exact;
}

// ---- rpc ------------------------------------------------------------------------------------

const RESERVED_PARAMS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'or',
  'and',
]);

type BodyKind = 'json' | 'text' | 'xml' | 'bytea' | 'other';

function bodyKind(contentType: string | null): BodyKind {
  const type = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/json') return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'bytea';
  return 'other';
}

/** PostgREST's overload resolution: by argument names, then a single unnamed argument. */
export function chooseFunction(
  fns: Fn[],
  keys: string[],
  post: boolean,
  kind: BodyKind,
): { fn: Fn; wholeBody: boolean } | { ambiguous: Fn[] } | null {
  const given = new Set(keys);
  const matches = (fn: Fn): boolean => {
    if (fn.args.length === 0) return given.size === 0 && !(post && kind !== 'json');
    const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name);
    const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
    const rest = [...given].filter((k) => !optional.has(k));
    return rest.length === new Set(required).size && required.every((r) => given.has(r));
  };
  const singleUnnamed = (fn: Fn): boolean => {
    const [arg] = fn.args;
    if (!post || fn.args.length !== 1 || !arg || arg.name !== '') return false;
    if (kind === 'json') return arg.type === 'json' || arg.type === 'jsonb';
    return arg.type === kind;
  };
  const named = fns.filter(matches);
  const fallback = fns.filter((fn) => !matches(fn) && singleUnnamed(fn));
  if (named.length === 1 && named[0]) return { fn: named[0], wholeBody: false };
  if (named.length > 1) return { ambiguous: named };
  if (fallback.length === 1 && fallback[0]) return { fn: fallback[0], wholeBody: true };
  if (fallback.length > 1) return { ambiguous: fallback };
  return null;
}

function noFunction(
  schemaName: string,
  name: string,
  keys: string[],
  post: boolean,
  kind: BodyKind,
): ApiError {
  const fn = `${schemaName}.${name}`;
  const sorted = [...keys].sort();
  const onlySingle = post && (kind === 'text' || kind === 'xml' || kind === 'bytea');
  const params = sorted.length > 0 ? `(${sorted.join(', ')})` : ' without parameters';
  const searched =
    sorted.length > 0
      ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
      : ' without parameters';
  const how =
    post && kind === 'json'
      ? `${searched} or with a single unnamed json/jsonb parameter`
      : post && onlySingle
        ? ` with a single unnamed ${kind} parameter`
        : searched;
  return apiError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${onlySingle ? '' : params} in the schema cache`,
    `Searched for the function ${fn}${how}, but no matches were found in the schema cache.`,
  );
}

function ambiguousFunction(schemaName: string, fns: Fn[]): ApiError {
  const list = fns
    .map(
      (fn) =>
        `${schemaName}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
    )
    .join(', ');
  return apiError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

async function rpc(
  req: Request,
  name: string,
  url: URL,
  ctx: ServerContext,
  caller: Auth & { timeoutMs: number },
  schema: Schema,
  media: Media,
  prefer: Prefer,
  path: string,
): Promise<Response> {
  const { timeoutMs, ...auth } = caller;
  const singular = media.singular;
  const method = req.method.toUpperCase();
  const callable = (s: Schema | null) =>
    s?.functions.get(name)?.filter((fn) => fn.callable !== false);
  let fns = callable(schema);
  if (!fns?.length) {
    const fresh = await refreshed(ctx.db, schema.name);
    fns = callable(fresh);
    if (fresh) schema = fresh;
  }
  const argNames = new Set((fns ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
  let args: Record<string, unknown> = {};
  let rawBody: unknown;
  const filterParams: [string, string][] = [];
  const post = method === 'POST';
  const kind = post ? bodyKind(req.headers.get('content-type')) : 'json';
  if (method === 'GET' || method === 'HEAD') {
    for (const [k, v] of url.searchParams) {
      if (argNames.has(k) && !RESERVED_PARAMS.has(k)) args[k] = v;
      else filterParams.push([k, v]);
    }
  } else if (post) {
    if (kind === 'json') {
      rawBody = await readJson(req);
      if (rawBody === undefined) args = {};
      else if (isObject(rawBody)) args = rawBody;
      else if (!fns?.some((fn) => fn.args.length === 1 && fn.args[0]?.name === '')) {
        throw apiError(
          400,
          'PGRST102',
          'Empty or invalid json',
          'The arguments must be a JSON object',
        );
      }
    } else if (kind === 'bytea') {
      rawBody = `\\x${Buffer.from(await req.arrayBuffer()).toString('hex')}`;
    } else {
      rawBody = await req.text();
    }
    filterParams.push(...url.searchParams);
  } else {
    throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  // A non-JSON body has no named arguments: only a single unnamed parameter can take it.
  const keys = post && kind !== 'json' ? [] : Object.keys(args);
  const chosen = fns ? chooseFunction(fns, keys, post, kind) : null;
  if (!chosen) throw noFunction(schema.name, name, keys, post, kind);
  if ('ambiguous' in chosen) throw ambiguousFunction(schema.name, chosen.ambiguous);
  const parsed = parseQuery(filterParams);
  if (!parsed.ok) throw new ApiError(400, parsed.error);
  parsed.value.format = media.format;
  checkEmbedDepth(parsed.value);
  checkAggregates(ctx.config, parsed.value);
  checkPrefer(prefer);
  const { fn, wholeBody } = chosen;
  const strictLimit = prefer.handling === 'strict' && prefer.maxAffected !== undefined;
  if (strictLimit && !fn.returnsSet) {
    throw apiError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const p = page(parsed.value, req.headers, ctx.config.maxRows);
  const count = prefer.count !== undefined;
  const statement = rpcStatement(schema, parsed.value, fn, {
    args: wholeBody ? (kind === 'json' ? JSON.stringify(rawBody) : String(rawBody)) : '',
    values: args,
    argNames: wholeBody ? [] : keys,
    wholeBody,
    page: { ...p, count },
  });
  const readOnly = method !== 'POST' || fn.volatility !== 'volatile';
  const setResult = fn.returnsSet;
  const row = await execute(
    ctx.db,
    {
      auth,
      schemaName: schema.name,
      timeoutMs,
      req,
      path,
      readOnly,
      singular: singular && setResult,
      ...(strictLimit
        ? { reject: (r: ResultRow) => maxAffectedError(prefer, Number(r.page_count)) }
        : {}),
    },
    statement,
  );
  const applied = preferenceApplied(prefer);
  // One value (or row) counts as one row, as in PostgREST's Content-Range.
  const total = setResult ? num(row.total_count) : count ? 1 : null;
  const rows = setResult ? Number(row.page_count) : 1;
  const range = { 'content-range': contentRange(p.offset, rows, total) };
  if (fn.returnKind === 'void')
    return new Response(null, {
      status: 204,
      headers: { 'content-profile': schema.name, ...range, ...applied },
    });
  const objectHeaders = mediaHeaders(media);
  if (!setResult) {
    const body = fn.returnKind === 'composite' ? unwrapObject(row.body) : (row.body ?? 'null');
    return respond(200, method === 'HEAD' ? null : body, {
      'content-profile': schema.name,
      ...range,
      ...objectHeaders,
      ...applied,
    });
  }
  const status = total !== null && rows < total && !singular ? 206 : 200;
  return respond(
    status,
    method === 'HEAD' ? null : singular ? unwrapObject(row.body) : (row.body ?? '[]'),
    {
      'content-profile': schema.name,
      ...range,
      ...objectHeaders,
      ...applied,
    },
  );
}
