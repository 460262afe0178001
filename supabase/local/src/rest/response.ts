import { bytesResponse } from '../http/known-body.ts';
import { type ApiError, apiError } from './errors.ts';
import type { BodyFormat, ParsedQuery } from './parser.ts';
import { DEFAULT_SCHEMA } from './schema-cache.ts';

// Content negotiation, paging (Range, limit/offset, Content-Range) and the response's body
// and headers.

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
export function mediaHeaders(media: Media): Record<string, string> {
  const charset = '; charset=utf-8';
  if (media.format === 'csv') return { 'content-type': `text/csv${charset}` };
  const strip = media.format === 'strip' ? ';nulls=stripped' : '';
  if (media.singular) return { 'content-type': `${OBJECT_TYPE}${strip}${charset}` };
  if (strip) return { 'content-type': `application/vnd.pgrst.array+json${strip}${charset}` };
  return {};
}

export function singularError(rows: number): ApiError {
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

export function page(
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

export function contentRange(offset: number, rows: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${t}` : `*/${t}`;
}

const utf8 = new TextEncoder();

export function respond(
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

export function errorResponse(error: ApiError): Response {
  return respond(error.status, JSON.stringify(error.body), error.headers);
}

export function num(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

export function unwrapObject(body: string | null): string {
  if (!body || body === '[]') return 'null';
  // json_agg prints `[elem, elem]`; a single element is the text between the brackets.
  return body.slice(1, -1).trim();
}
