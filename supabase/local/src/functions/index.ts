import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Service } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { parseToml, verifyJwtSetting, type TomlDocument } from './config-toml.ts';
import { functionEnv } from './env.ts';

// /functions/v1/<name>: runs supabase/functions/<name>/handler.ts (a Web-standard
// `handler(req, env)`), with the hosted gateway's verify_jwt check (on unless config.toml has
// [functions.<name>] verify_jwt = false) and the environment hosted gives a function (env.ts).

export type FunctionHandler = (
  req: Request,
  env: Record<string, string | undefined>,
) => Promise<Response>;

/** CORS headers of supabase-js/cors, added to function responses that carry none. */
export const functionCorsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, x-region, traceparent, tracestate, baggage',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...functionCorsHeaders },
  });
}

function withCors(res: Response): Response {
  if (res.headers.has('access-control-allow-origin')) return res;
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(functionCorsHeaders)) headers.set(k, v);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

let configCache: { path: string; mtimeMs: number; doc: TomlDocument } | null = null;

function loadConfig(supabaseDir: string): TomlDocument {
  const path = join(supabaseDir, 'config.toml');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return {};
  }
  if (configCache?.path !== path || configCache.mtimeMs !== mtimeMs) {
    configCache = { path, mtimeMs, doc: parseToml(readFileSync(path, 'utf8')) };
  }
  return configCache.doc;
}

async function loadHandler(file: string): Promise<FunctionHandler | null> {
  const mtime = Math.floor(statSync(file).mtimeMs);
  const mod: unknown = await import(`${pathToFileURL(file).href}?v=${mtime}`);
  const handler =
    typeof mod === 'object' && mod !== null ? (mod as { handler?: unknown }).handler : undefined;
  return typeof handler === 'function' ? (handler as FunctionHandler) : null;
}

export const functionsService: Service = async (req, path, ctx) => {
  const name = path.replace(/^\/+/, '').split('/')[0] ?? '';
  const method = req.method.toUpperCase();
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) {
    return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  }
  const file = join(ctx.config.supabaseDir, 'functions', name, 'handler.ts');
  if (!existsSync(file)) {
    return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  }
  if (method !== 'OPTIONS' && verifyJwtSetting(loadConfig(ctx.config.supabaseDir), name)) {
    const header = req.headers.get('authorization');
    const token = header ? /^bearer\s+(.+)$/i.exec(header.trim())?.[1]?.trim() : undefined;
    if (!token) return json(401, { code: 401, message: 'Missing authorization header' });
    if (!verifyJwt(token, ctx.keys.jwtSecret).ok)
      return json(401, { code: 401, message: 'Invalid JWT' });
  }
  try {
    const handler = await loadHandler(file);
    if (!handler) {
      console.error(`functions: ${name}/handler.ts exports no handler function`);
      return json(500, { code: 'internal', message: 'Function has no handler export' });
    }
    const res: unknown = await handler(req, functionEnv(ctx));
    if (!(res instanceof Response)) {
      console.error(`functions: ${name} returned something other than a Response`);
      return json(500, { code: 'internal', message: 'Function did not return a Response' });
    }
    return withCors(res);
  } catch (error) {
    console.error(
      `functions: ${name} failed:`,
      error instanceof Error ? error.message : String(error),
    );
    if (method === 'OPTIONS')
      return new Response(null, { status: 204, headers: functionCorsHeaders });
    return json(500, {
      code: 'internal',
      message: 'Function exited due to an error (please check logs)',
    });
  }
};
