// Frontend messages of the PostgreSQL wire protocol (extended query), enough to pipeline a
// whole REST request — BEGIN, the role/claims statement, the query and COMMIT — into one
// PGlite call. Parameters are sent as text (type left to the server, like node-postgres).

const encoder = new TextEncoder();

function cstring(text: string): Uint8Array {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
}

function message(type: string, parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(5 + length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + length);
  let offset = 5;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function int16(n: number): Uint8Array {
  const b = new Uint8Array(2);
  new DataView(b.buffer).setInt16(0, n);
  return b;
}

function int32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n);
  return b;
}

/** Text form of a parameter as node-postgres would send it. */
export function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean | bigint);
}

export function parse(name: string, sql: string): Uint8Array {
  return message('P', [cstring(name), cstring(sql), int16(0)]);
}

export function bind(statement: string, params: unknown[]): Uint8Array {
  const parts: Uint8Array[] = [cstring(''), cstring(statement), int16(0), int16(params.length)];
  for (const p of params) {
    const text = paramText(p);
    if (text === null) parts.push(int32(-1));
    else {
      const bytes = encoder.encode(text);
      parts.push(int32(bytes.length), bytes);
    }
  }
  parts.push(int16(0));
  return message('B', parts);
}

export const EXECUTE = message('E', [cstring(''), int32(0)]);
export const SYNC = message('S', []);

export function close(statement: string): Uint8Array {
  return message('C', [new Uint8Array([0x53]), cstring(statement)]);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
