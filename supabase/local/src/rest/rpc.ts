import type { ServerContext } from '../context.ts';
import { checkEmbedDepth } from './bounds.ts';
import { ApiError, apiError } from './errors.ts';
import { closest } from './fuzzy.ts';
import { execute } from './execute.ts';
import { parseQuery } from './parser.ts';
import { checkPatterns } from './patterns.ts';
import { checkPrefer, maxAffectedError, preferenceApplied, type Prefer } from './prefer.ts';
import { checkAggregates, isObject, readJson, type Auth } from './request.ts';
import {
  contentRange,
  mediaHeaders,
  num,
  page,
  respond,
  unwrapObject,
  type Media,
} from './response.ts';
import { refreshed } from './schema-cache.ts';
import type { Fn, Schema } from './schema.ts';
import { rpcStatement, type ResultRow } from './sql.ts';
import { endsInRollback } from './tx-end.ts';

// /rest/v1/rpc/<name>: arguments from the query string or the body, PostgREST's overload
// resolution, and the function's result as a value, an object or a set.

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

/**
 * PostgREST's hint of PGRST202 (noRpcHint): without a function of that name, the closest name in
 * the schema (score 0.75 or more); with overloads, the closest of their parameter lists.
 */
function rpcHint(schema: Schema, name: string, keys: string[], overloads: Fn[]): string | null {
  const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const prefix = `Perhaps you meant to call the function ${schema.name}.`;
  if (overloads.length === 0) {
    const found = closest([...schema.functions.keys()], name, 0.75);
    return found === null ? null : `${prefix}${found}`;
  }
  const lists = overloads.map((fn) => paramList(fn.args.map((a) => a.name)));
  const found = closest(lists, paramList(keys), 0.33);
  return found === null ? null : `${prefix}${name}${found}`;
}

function noFunction(
  schemaName: string,
  name: string,
  keys: string[],
  post: boolean,
  kind: BodyKind,
  hint: string | null,
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
    onlySingle ? null : hint,
  );
}

/** Code-point order of two texts (Haskell's Text compare). */
function textOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * PostgREST's order of the candidates (its Ord Routine): fewer parameters first, then the
 * parameters compared one by one, by name and then by type.
 */
function candidateOrder(a: Fn, b: Fn): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  for (let i = 0; i < a.args.length; i++) {
    const x = a.args[i];
    const y = b.args[i];
    if (!x || !y) break;
    const c = textOrder(x.name, y.name) || textOrder(x.type, y.type);
    if (c !== 0) return c;
  }
  return 0;
}

function ambiguousFunction(schemaName: string, fns: Fn[]): ApiError {
  const list = [...fns]
    .sort(candidateOrder)
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

export async function rpc(
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
  if (!chosen) {
    const hint = rpcHint(schema, name, keys, fns ?? []);
    throw noFunction(schema.name, name, keys, post, kind, hint);
  }
  if ('ambiguous' in chosen) throw ambiguousFunction(schema.name, chosen.ambiguous);
  const parsed = parseQuery(filterParams);
  if (!parsed.ok) throw new ApiError(400, parsed.error);
  parsed.value.format = media.format;
  checkEmbedDepth(parsed.value);
  checkPatterns(parsed.value);
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
      rollback: endsInRollback(ctx.config.dbTxEnd ?? 'commit', prefer.tx),
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
