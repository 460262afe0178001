// The small TOML subset of supabase/config.toml the embedded server needs: tables with
// `key = value` lines (booleans, numbers, quoted strings, and arrays of strings, which may span
// lines), for [functions.<name>] verify_jwt and [auth] additional_redirect_urls.

export type TomlValue = string | number | boolean | string[];
export type TomlTables = Map<string, Record<string, TomlValue>>;

function parseString(value: string): string | undefined {
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(value) ?? /^'([^']*)'$/.exec(value);
  return quoted ? (quoted[1] ?? '') : undefined;
}

function parseArray(value: string): string[] | undefined {
  const inner = value.slice(1, -1).trim();
  if (inner === '') return [];
  const items = inner.match(/"(?:[^"\\]|\\.)*"|'[^']*'|[^,\s][^,]*/g) ?? [];
  const out: string[] = [];
  for (const item of items) {
    const text = parseString(item.trim());
    if (text === undefined) return undefined;
    out.push(text);
  }
  return out;
}

function parseValue(raw: string): TomlValue | undefined {
  const value = raw.trim();
  if (value.startsWith('[') && value.endsWith(']')) return parseArray(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  const text = parseString(value);
  if (text !== undefined) return text;
  if (/^[+-]?\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

function stripComment(line: string): string {
  let inString: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === '\\' && inString === '"') i++;
      else if (c === inString) inString = null;
    } else if (c === '"' || c === "'") {
      inString = c;
    } else if (c === '#') {
      return line.slice(0, i);
    }
  }
  return line;
}

function unquoteKey(key: string): string {
  const k = key.trim();
  return /^".*"$/.test(k) || /^'.*'$/.test(k) ? k.slice(1, -1) : k;
}

/** Tables by dotted name ("functions.hello"); keys outside any table go under "". */
export function parseToml(text: string): TomlTables {
  const tables: TomlTables = new Map([['', {}]]);
  let current = '';
  let pending = '';
  for (const rawLine of text.split(/\r?\n/)) {
    let line = stripComment(rawLine).trim();
    if (pending) {
      // Inside an array that spans lines: collect until its closing bracket.
      pending += ` ${line}`;
      if (!line.endsWith(']')) continue;
      line = pending;
      pending = '';
    } else if (/=\s*\[/.test(line) && !line.endsWith(']')) {
      pending = line;
      continue;
    }
    if (line === '') continue;
    const header = /^\[\s*([^[\]]+?)\s*\]$/.exec(line);
    if (header) {
      const parts = (header[1] ?? '').match(/"[^"]*"|'[^']*'|[^.]+/g) ?? [];
      current = parts.map(unquoteKey).join('.');
      if (!tables.has(current)) tables.set(current, {});
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = unquoteKey(line.slice(0, eq));
    const value = parseValue(line.slice(eq + 1));
    const table = tables.get(current);
    if (value !== undefined && table) table[key] = value;
  }
  return tables;
}

/** verify_jwt of one function: true unless [functions.<name>] verify_jwt = false. */
export function verifyJwtSetting(tables: TomlTables, name: string): boolean {
  return tables.get(`functions.${name}`)?.verify_jwt !== false;
}
