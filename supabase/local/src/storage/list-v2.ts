import type { ServerContext } from '../context.ts';
import { iso, isRecord, jsonObject } from '../auth/request.ts';
import { json } from '../http/errors.ts';
import { asCaller, callerOf } from './caller.ts';
import { StorageError } from './errors.ts';
import { readJson } from './names.ts';

// POST /object/list-v2/{bucket} (supabase-js `listV2`), as hosted Storage answers it
// (storage's listObjectsV2: the route, ObjectStorage.listObjectsV2 and the SQL functions
// list_objects_with_delimiter and search_v2): cursor pages of at most 1000 entries, flat or, with
// `with_delimiter`, one level of folders and files under `prefix`, sorted by name (byte order) or
// by created_at / updated_at. The rows are read as the caller, so row level security decides.

type Row = {
  id: string;
  name: string;
  metadata: unknown;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
};

type SortColumn = 'name' | 'created_at' | 'updated_at';
type Cursor = { startAfter: string; order?: string; column?: string; after?: string };

/** An entry before it is printed: a folder has no id. */
type Entry = {
  name: string;
  id: string | null;
  metadata: unknown;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
};

const DELIMITER = '/';
const NO_TIMES = {
  id: null,
  metadata: null,
  created_at: null,
  updated_at: null,
  last_accessed_at: null,
} as const;
const MAX_KEYS = 1000;
const TOKEN_PARTS = { l: 'startAfter', o: 'order', c: 'column', a: 'after' } as const;

/** PostgreSQL's "C" collation: byte order of the UTF-8 text. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function millis(value: string | null): number {
  return value === null ? 0 : Math.trunc(Date.parse(value));
}

function badRequest(message: string): StorageError {
  return new StorageError('400', 'InvalidRequest', 'Bad Request', message);
}

function encodeCursor(cursor: Cursor): string {
  const lines = Object.entries(TOKEN_PARTS)
    .map(([k, field]) => (cursor[field] ? `${k}:${cursor[field]}` : null))
    .filter((line) => line !== null);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', order: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(part);
    const field = match ? TOKEN_PARTS[match[1] as keyof typeof TOKEN_PARTS] : undefined;
    if (!match || !field) {
      throw new StorageError(
        '400',
        'InvalidParameter',
        'InvalidParameter',
        'Invalid Parameter continuation token',
      );
    }
    cursor[field] = match[2] ?? '';
  }
  return cursor;
}

type Options = {
  prefix: string;
  limit: number;
  delimited: boolean;
  cursor: Cursor | undefined;
  column: SortColumn | undefined;
  order: string | undefined;
};

/** The body as the route's JSON schema accepts it. */
function options(body: Record<string, unknown>): Options {
  const { prefix, limit, cursor, with_delimiter: delimited, sortBy } = body;
  if (prefix !== undefined && typeof prefix !== 'string') {
    throw badRequest('body/prefix must be string');
  }
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit))) {
    throw badRequest('body/limit must be integer');
  }
  if (typeof limit === 'number' && limit < 1) throw badRequest('body/limit must be >= 1');
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw badRequest('body/cursor must be string');
  }
  if (delimited !== undefined && typeof delimited !== 'boolean') {
    throw badRequest('body/with_delimiter must be boolean');
  }
  let column: SortColumn | undefined;
  let order: string | undefined;
  if (sortBy !== undefined) {
    if (!isRecord(sortBy) || sortBy.column === undefined) {
      throw badRequest("body/sortBy must have required property 'column'");
    }
    if (!['name', 'updated_at', 'created_at'].includes(String(sortBy.column))) {
      throw badRequest('body/sortBy/column must be equal to one of the allowed values');
    }
    if (sortBy.order !== undefined && !['asc', 'desc'].includes(String(sortBy.order))) {
      throw badRequest('body/sortBy/order must be equal to one of the allowed values');
    }
    column = sortBy.column as SortColumn;
    order = sortBy.order as string | undefined;
  }
  return {
    prefix: prefix ?? '',
    limit: Math.min(limit || MAX_KEYS, MAX_KEYS),
    delimited: delimited === true,
    cursor: cursor ? decodeCursor(cursor) : undefined,
    column,
    order,
  };
}

function entryOf(row: Row): Entry {
  return {
    name: row.name,
    id: row.id,
    metadata: jsonObject(row.metadata),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_accessed_at: iso(row.last_accessed_at),
  };
}

/** The folder prefix (with the slash) a name falls in below `prefix`, or null for a file. */
function commonPrefix(name: string, prefix: string): string | null {
  const at = name.indexOf(DELIMITER, prefix.length);
  return at < 0 ? null : name.slice(0, at + 1);
}

/** Flat listing: every object under the prefix, by name or by a time then the name. */
function flat(rows: readonly Row[], o: Options, fetch: number): Entry[] {
  const column = o.cursor?.column ?? o.column;
  const time = column === 'created_at' || column === 'updated_at' ? column : undefined;
  const sign = (o.cursor?.order ?? o.order) === 'desc' ? -1 : 1;
  const at = (e: Entry) => (time ? millis(e[time]) : 0);
  const compare = (aTime: number, aName: string, bTime: number, bName: string) =>
    sign * (aTime - bTime || byteOrder(aName, bName));
  const entries = rows.map(entryOf).sort((a, b) => compare(at(a), a.name, at(b), b.name));
  const token = o.cursor?.startAfter;
  if (!token) return entries.slice(0, fetch);
  // Past the cursor: by (time, name) when it carries the last entry's time, else by name.
  const after = time && o.cursor?.after ? millis(o.cursor.after) : null;
  return entries
    .filter((e) =>
      after === null
        ? sign * byteOrder(e.name, token) > 0
        : compare(at(e), e.name, after, token) > 0,
    )
    .slice(0, fetch);
}

/** One level below the prefix, by name: a folder once, where its objects sort. */
function byName(rows: readonly Row[], o: Options, fetch: number): Entry[] {
  const descending = (o.cursor?.order ?? o.order) === 'desc';
  const sorted = [...rows].sort((a, b) => byteOrder(a.name, b.name) * (descending ? -1 : 1));
  // Where the page starts (list_objects_with_delimiter's seek): past the whole folder when the
  // cursor names one, past the file otherwise.
  const start = o.cursor?.startAfter ?? '';
  const isFolder = start !== '' && rows.some((r) => r.name.startsWith(start + DELIMITER));
  const seek =
    start === ''
      ? null
      : descending
        ? isFolder
          ? `${start}${DELIMITER}`
          : start
        : isFolder
          ? `${start}0`
          : `${start}${DELIMITER}`;
  const out: Entry[] = [];
  const seen = new Set<string>();
  for (const row of sorted) {
    if (seek !== null && byteOrder(row.name, seek) < 0 !== descending) continue;
    const folder = commonPrefix(row.name, o.prefix);
    if (folder === null) out.push(entryOf(row));
    else if (!seen.has(folder)) {
      seen.add(folder);
      out.push({ ...NO_TIMES, name: folder.slice(0, -1) });
    }
    if (out.length >= fetch) break;
  }
  return out;
}

/** One level below the prefix, by a time: a folder dated by its earliest object. */
function byTime(rows: readonly Row[], o: Options, fetch: number, column: SortColumn): Entry[] {
  const descending = (o.cursor?.order ?? o.order) === 'desc';
  const folders = new Map<string, Entry>();
  const files: Entry[] = [];
  for (const row of rows) {
    const folder = commonPrefix(row.name, o.prefix);
    if (folder === null) {
      files.push(entryOf(row));
      continue;
    }
    const created = iso(row.created_at);
    const known = folders.get(folder);
    if (!known || millis(created) < millis(known.created_at)) {
      folders.set(folder, {
        ...NO_TIMES,
        name: folder.slice(0, -1),
        created_at: created,
        updated_at: created,
      });
    }
  }
  const time = (e: Entry) => millis(column === 'name' ? null : e[column]);
  const compare = (a: Entry, b: Entry) =>
    (descending ? -1 : 1) * (time(a) - time(b) || byteOrder(a.name, b.name));
  const start = o.cursor?.startAfter ?? '';
  const after = o.cursor?.after ?? null;
  const mark: Entry = { ...NO_TIMES, name: start, created_at: after, updated_at: after };
  return [...folders.values(), ...files]
    .filter((e) => start === '' || compare(e, mark) > 0)
    .sort(compare)
    .slice(0, fetch);
}

export async function listV2(req: Request, bucket: string, ctx: ServerContext): Promise<Response> {
  const o = options(await readJson(req));
  const caller = callerOf(req, ctx);
  const like = `${o.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await asCaller(ctx, caller, async (tx) => {
    const res = await tx.query<Row>(
      `select id::text as id, name, metadata, created_at, updated_at, last_accessed_at
         from storage.objects where bucket_id = $1 and name like $2`,
      [bucket, like],
    );
    return res.rows;
  });
  const column = (o.cursor?.column ?? o.column) as SortColumn | undefined;
  const fetch = o.limit + 1;
  const found = !o.delimited
    ? flat(rows, o, fetch)
    : column === 'created_at' || column === 'updated_at'
      ? byTime(rows, o, fetch, column)
      : byName(rows, o, fetch);
  const hasNext = found.length > o.limit;
  const page = hasNext ? found.slice(0, o.limit) : found;
  const levels = o.prefix === '' ? 1 : o.prefix.split(DELIMITER).length;
  const folders: Record<string, unknown>[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const entry of page) {
    const printed = o.delimited
      ? { key: entry.name.split(DELIMITER)[levels - 1] ?? '', ...entry }
      : entry;
    if (entry.id === null) folders.push({ ...printed, name: `${entry.name}${DELIMITER}` });
    else objects.push(printed);
  }
  const last = page[page.length - 1];
  const timeColumn = column === 'created_at' || column === 'updated_at' ? column : undefined;
  return json(200, {
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({
            startAfter: last.name,
            order: o.cursor?.order ?? o.order,
            column,
            after: timeColumn && last[timeColumn] ? last[timeColumn] : undefined,
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders,
    objects,
  });
}
