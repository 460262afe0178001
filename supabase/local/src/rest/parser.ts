// The PostgREST URL grammar (compat §2.2): select lists, filters, logic trees, order, limit and
// offset. Parsing never throws: every malformed input becomes a PGRST100 error value.

export type JsonStep = { arrow: '->' | '->>'; key: string };
export type Field = { name: string; json: JsonStep[] };

export type SelectItem =
  | { type: 'star' }
  | { type: 'column'; field: Field; alias?: string; cast?: string }
  | { type: 'count' }
  | {
      /** `col.sum()`, `count()` …: an aggregate (behind db-aggregates-enabled). */
      type: 'agg';
      fn: AggregateFn;
      /** Absent for `count()`. */
      field?: Field;
      /** Cast of the input (`col::int.sum()`). */
      cast?: string;
      alias?: string;
      /** Cast of the result (`col.sum()::text`). */
      outCast?: string;
    }
  | {
      type: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      join: 'inner' | 'left';
      spread: boolean;
      select: SelectItem[];
    };

export const AGGREGATES = ['sum', 'avg', 'max', 'min', 'count'] as const;
export type AggregateFn = (typeof AGGREGATES)[number];

/** Whether a select list (at any depth) uses an aggregate function. */
export function hasAggregates(items: readonly SelectItem[]): boolean {
  return items.some((i) => i.type === 'agg' || (i.type === 'embed' && hasAggregates(i.select)));
}

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type Filter = {
  field: Field;
  negate: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** Text-search configuration for fts operators. */
  config?: string;
  /** One value, or the list of `in` and quantified operators. */
  value: string | string[];
};

export type Condition =
  | { type: 'filter'; filter: Filter }
  | { type: 'logic'; op: 'and' | 'or'; negate: boolean; conditions: Condition[] };

export type OrderTerm = {
  field: Field;
  /** `order=rel(col)`: order parents by a column of a to-one embed. */
  relation?: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
};

export type ParseError = { code: 'PGRST100'; message: string; details: string; hint: null };

export type Result<T> = { ok: true; value: T } | { ok: false; error: ParseError };

class GrammarError extends Error {
  constructor(
    readonly what: string,
    readonly input: string,
    readonly position: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

function toParseError(error: GrammarError): ParseError {
  const found =
    error.position >= error.input.length
      ? 'end of input'
      : `"${error.input.charAt(error.position)}"`;
  return {
    code: 'PGRST100',
    message: `"failed to parse ${error.what} parameter (${error.input})" (line 1, column ${error.position + 1})`,
    details: `unexpected ${found} expecting ${error.expected}`,
    hint: null,
  };
}

function attempt<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    if (error instanceof GrammarError) return { ok: false, error: toParseError(error) };
    return {
      ok: false,
      error: {
        code: 'PGRST100',
        message: 'failed to parse the query string',
        details: error instanceof Error ? error.message : String(error),
        hint: null,
      },
    };
  }
}

/** A small cursor over one parameter value. */
class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }
  peek(offset = 0): string {
    return this.input.charAt(this.pos + offset);
  }
  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }
  fail(expected: string): never {
    throw new GrammarError(this.what, this.input, this.pos, expected);
  }
  expect(text: string): void {
    if (!this.startsWith(text)) this.fail(`"${text}"`);
    this.pos += text.length;
  }
  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }
}

// Characters that end an identifier in the select/order/filter grammar.
const RESERVED = new Set([',', '.', ':', '(', ')', '!', '"', '*']);

function readQuoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.done) {
    const ch = c.peek();
    if (ch === '\\' && c.pos + 1 < c.input.length) {
      out += c.peek(1);
      c.pos += 2;
      continue;
    }
    if (ch === '"') {
      c.pos++;
      return out;
    }
    out += ch;
    c.pos++;
  }
  return c.fail('closing quote');
}

function readName(c: Cursor): string {
  if (c.peek() === '"') return readQuoted(c);
  const start = c.pos;
  while (!c.done) {
    const ch = c.peek();
    if (RESERVED.has(ch) || c.startsWith('->')) break;
    c.pos++;
  }
  const name = c.input.slice(start, c.pos).trim();
  if (name === '') c.fail('field name');
  return name;
}

function readJsonPath(c: Cursor, stops: Set<string>): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    let key: string;
    if (c.peek() === '"') key = readQuoted(c);
    else {
      const start = c.pos;
      while (
        !c.done &&
        !stops.has(c.peek()) &&
        !c.startsWith('->') &&
        !c.startsWith('::') &&
        !AGGREGATES.some((f) => c.startsWith(`.${f}()`))
      ) {
        c.pos++;
      }
      key = c.input.slice(start, c.pos);
    }
    if (key === '') c.fail('json key');
    steps.push({ arrow, key });
  }
  return steps;
}

const CAST = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*(\[\])?$/;

function readCast(c: Cursor): string | undefined {
  if (!c.eat('::')) return undefined;
  const start = c.pos;
  while (!c.done && !RESERVED.has(c.peek())) c.pos++;
  const cast = c.input.slice(start, c.pos);
  if (!CAST.test(cast)) {
    c.pos = start;
    c.fail('type name');
  }
  return cast;
}

const SELECT_STOPS = new Set([',', ')', ':']);

function readSelectList(c: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && c.peek() === ')') return items;
  for (;;) {
    items.push(readSelectItem(c, nested));
    if (c.eat(',')) continue;
    break;
  }
  return items;
}

function readSelectItem(c: Cursor, nested: boolean): SelectItem {
  if (c.eat('*')) return { type: 'star' };
  const spread = c.eat('...');
  let name = readName(c);
  let alias: string | undefined;
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    name = readName(c);
  }
  if (name === 'count' && c.startsWith('()')) {
    c.pos += 2;
    const outCast = readCast(c);
    return {
      type: 'agg',
      fn: 'count',
      ...(alias !== undefined ? { alias } : {}),
      ...(outCast !== undefined ? { outCast } : {}),
    };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    let hint: string | undefined;
    let join: 'inner' | 'left' = 'left';
    while (c.eat('!')) {
      const mod = readName(c);
      if (mod === 'inner' || mod === 'left') join = mod;
      else hint = mod;
    }
    c.expect('(');
    const select = readSelectList(c, true);
    c.expect(')');
    return {
      type: 'embed',
      name,
      join,
      spread,
      select,
      ...(alias !== undefined ? { alias } : {}),
      ...(hint !== undefined ? { hint } : {}),
    };
  }
  if (spread) c.fail('"(" after a spread relation');
  if (name === 'count' && nested && alias === undefined && (c.peek() === ',' || c.peek() === ')')) {
    return { type: 'count' };
  }
  const json = readJsonPath(c, SELECT_STOPS);
  const cast = readCast(c);
  const fn = AGGREGATES.find((f) => c.startsWith(`.${f}()`));
  if (fn) {
    c.pos += fn.length + 3;
    const outCast = readCast(c);
    return {
      type: 'agg',
      fn,
      field: { name, json },
      ...(cast !== undefined ? { cast } : {}),
      ...(alias !== undefined ? { alias } : {}),
      ...(outCast !== undefined ? { outCast } : {}),
    };
  }
  return {
    type: 'column',
    field: { name, json },
    ...(alias !== undefined ? { alias } : {}),
    ...(cast !== undefined ? { cast } : {}),
  };
}

/** Removes whitespace outside double quotes, as postgrest-js does client-side. */
function stripSpaces(input: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charAt(i);
    if (ch === '\\' && quoted) {
      out += ch + input.charAt(i + 1);
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}

export function parseSelect(input: string): Result<SelectItem[]> {
  return attempt(() => {
    const c = new Cursor(stripSpaces(input), 'select');
    if (c.done) return [{ type: 'star' } as SelectItem];
    const items = readSelectList(c, false);
    if (!c.done) c.fail('"," or end of input');
    return items;
  });
}

// ---- filters ------------------------------------------------------------------------------

function isOperator(text: string): text is Operator {
  return (OPERATORS as readonly string[]).includes(text);
}

/** Reads a list `(a,"b,c")` or `{a,b}` and returns its items. */
function readList(c: Cursor, open: string, close: string): string[] {
  c.expect(open);
  const items: string[] = [];
  if (c.eat(close)) return items;
  for (;;) {
    if (c.peek() === '"') items.push(readQuoted(c));
    else {
      const start = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== close) c.pos++;
      items.push(c.input.slice(start, c.pos));
    }
    if (c.eat(',')) continue;
    c.expect(close);
    return items;
  }
}

/**
 * Reads `[not.]op[(mod)].value`. At top level the value is the rest of the input verbatim;
 * inside logic trees it ends at `,` or `)` unless quoted or bracketed.
 */
function readOperation(c: Cursor, field: Field, nested: boolean): Filter {
  let negate = false;
  if (c.startsWith('not.')) {
    negate = true;
    c.pos += 4;
  }
  const start = c.pos;
  while (!c.done && /[a-z]/.test(c.peek())) c.pos++;
  const opText = c.input.slice(start, c.pos);
  if (!isOperator(opText)) {
    c.pos = start;
    c.fail('operator (eq, gt, …)');
  }
  const op: Operator = opText;
  let quantifier: 'any' | 'all' | undefined;
  let config: string | undefined;
  if (c.eat('(')) {
    const modStart = c.pos;
    while (!c.done && c.peek() !== ')') c.pos++;
    const mod = c.input.slice(modStart, c.pos);
    c.expect(')');
    if (op === 'fts' || op === 'plfts' || op === 'phfts' || op === 'wfts') {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(mod)) {
        c.pos = modStart;
        c.fail('text search configuration');
      }
      config = mod;
    } else if (mod === 'any' || mod === 'all') {
      quantifier = mod;
    } else {
      c.pos = modStart;
      c.fail('"any" or "all"');
    }
  }
  c.expect('.');
  let value: string | string[];
  if (op === 'in') {
    value = readList(c, '(', ')');
  } else if (quantifier) {
    value = readList(c, '{', '}');
  } else if (!nested) {
    value = c.input.slice(c.pos);
    c.pos = c.input.length;
  } else if (c.peek() === '"') {
    value = readQuoted(c);
  } else {
    const vStart = c.pos;
    let depth = 0;
    while (!c.done) {
      const ch = c.peek();
      if (ch === '{' || ch === '[') depth++;
      else if ((ch === '}' || ch === ']') && depth > 0) depth--;
      else if (depth === 0 && (ch === ',' || ch === ')')) break;
      c.pos++;
    }
    value = c.input.slice(vStart, c.pos);
  }
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(String(value))) {
    c.fail('null, not_null, true, false or unknown');
  }
  if (op === 'like' || op === 'ilike') {
    value = Array.isArray(value) ? value.map(likePattern) : likePattern(value);
  }
  return {
    field,
    negate,
    op,
    value,
    ...(quantifier ? { quantifier } : {}),
    ...(config ? { config } : {}),
  };
}

function likePattern(value: string): string {
  return value.replace(/\*/g, '%');
}

const FILTER_FIELD_STOPS = new Set(['.', ',', ')']);

function readLogicList(c: Cursor): Condition[] {
  c.expect('(');
  const conditions: Condition[] = [];
  for (;;) {
    conditions.push(readCondition(c));
    if (c.eat(',')) continue;
    c.expect(')');
    return conditions;
  }
}

function readCondition(c: Cursor): Condition {
  let negate = false;
  if (c.startsWith('not.and(') || c.startsWith('not.or(')) {
    negate = true;
    c.pos += 4;
  }
  if (c.startsWith('and(') || c.startsWith('or(')) {
    const op = c.startsWith('and(') ? 'and' : 'or';
    c.pos += op.length;
    return { type: 'logic', op, negate, conditions: readLogicList(c) };
  }
  const name = readName(c);
  const json = readJsonPath(c, FILTER_FIELD_STOPS);
  c.expect('.');
  return { type: 'filter', filter: readOperation(c, { name, json }, true) };
}

/** `or=(…)` / `and=(…)` (negate for `not.or`). */
export function parseLogic(
  op: 'and' | 'or',
  negate: boolean,
  input: string,
  key: string,
): Result<Condition> {
  return attempt(() => {
    const c = new Cursor(input, `logic tree (${key})`);
    const conditions = readLogicList(c);
    if (!c.done) c.fail('end of input');
    return { type: 'logic', op, negate, conditions } as Condition;
  });
}

/** `col=op.value` where `key` is the column part (json path allowed). */
export function parseFilter(key: string, input: string): Result<Filter> {
  return attempt(() => {
    const k = new Cursor(key, 'filter');
    const name = readName(k);
    const json = readJsonPath(k, new Set());
    if (!k.done) k.fail('end of input');
    const c = new Cursor(input, 'filter');
    return readOperation(c, { name, json }, false);
  });
}

// ---- order, limit, offset ------------------------------------------------------------------

export function parseOrder(input: string): Result<OrderTerm[]> {
  return attempt(() => {
    const c = new Cursor(stripSpaces(input), 'order');
    const terms: OrderTerm[] = [];
    for (;;) {
      let relation: string | undefined;
      let name = readName(c);
      if (c.eat('(')) {
        relation = name;
        name = readName(c);
        const json = readJsonPath(c, new Set([')']));
        c.expect(')');
        terms.push(readOrderModifiers(c, { name, json }, relation));
      } else {
        const json = readJsonPath(c, new Set([',', '.']));
        terms.push(readOrderModifiers(c, { name, json }, undefined));
      }
      if (c.eat(',')) continue;
      if (!c.done) c.fail('"," or end of input');
      return terms;
    }
  });
}

function readOrderModifiers(c: Cursor, field: Field, relation: string | undefined): OrderTerm {
  let direction: 'asc' | 'desc' = 'asc';
  let nulls: 'first' | 'last' | undefined;
  while (c.eat('.')) {
    if (c.eat('asc')) direction = 'asc';
    else if (c.eat('desc')) direction = 'desc';
    else if (c.eat('nullsfirst')) nulls = 'first';
    else if (c.eat('nullslast')) nulls = 'last';
    else c.fail('asc, desc, nullsfirst or nullslast');
  }
  return { field, direction, ...(relation ? { relation } : {}), ...(nulls ? { nulls } : {}) };
}

export function parseNonNegativeInt(what: string, input: string): Result<number> {
  return attempt(() => {
    if (!/^[0-9]{1,15}$/.test(input)) {
      throw new GrammarError(what, input, 0, 'a non-negative integer');
    }
    return Number(input);
  });
}

/** `columns="a","b"` (quoted or bare names). */
export function parseColumns(input: string): Result<string[]> {
  return attempt(() => {
    const c = new Cursor(stripSpaces(input), 'columns');
    const names: string[] = [];
    for (;;) {
      names.push(readName(c));
      if (c.eat(',')) continue;
      if (!c.done) c.fail('"," or end of input');
      return names;
    }
  });
}

// ---- the whole query string -----------------------------------------------------------------

/** Everything the query string says, grouped by embed path ('' = the root resource). */
/** How the response body is built: JSON, JSON without null members, or CSV. */
export type BodyFormat = 'json' | 'strip' | 'csv';

export type ParsedQuery = {
  select: SelectItem[];
  /** Set by the handler from the Accept header (default json). */
  format?: BodyFormat;
  conditions: Map<string, Condition[]>;
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  columns?: string[];
  onConflict?: string[];
};

const SUFFIXES = ['order', 'limit', 'offset', 'or', 'and'] as const;

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function parseQuery(params: Iterable<[string, string]>): Result<ParsedQuery> {
  const query: ParsedQuery = {
    select: [{ type: 'star' }],
    conditions: new Map(),
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      const r = parseSelect(value);
      if (!r.ok) return r;
      query.select = r.value;
      continue;
    }
    if (key === 'columns') {
      const r = parseColumns(value);
      if (!r.ok) return r;
      query.columns = r.value;
      continue;
    }
    if (key === 'on_conflict') {
      const r = parseColumns(value);
      if (!r.ok) return r;
      query.onConflict = r.value;
      continue;
    }
    // Split `a.b.order` into path `a.b` and the reserved suffix; `not.or`/`a.not.and` too.
    const parts = key.split('.');
    const last = parts[parts.length - 1] ?? '';
    let negateLogic = false;
    let pathParts = parts.slice(0, -1);
    if ((last === 'or' || last === 'and') && pathParts[pathParts.length - 1] === 'not') {
      negateLogic = true;
      pathParts = pathParts.slice(0, -1);
    }
    const path = pathParts.join('.');
    if ((SUFFIXES as readonly string[]).includes(last)) {
      if (last === 'order') {
        const r = parseOrder(value);
        if (!r.ok) return r;
        query.order.set(path, r.value);
      } else if (last === 'limit' || last === 'offset') {
        const r = parseNonNegativeInt(last, value);
        if (!r.ok) return r;
        query[last].set(path, r.value);
      } else {
        const r = parseLogic(last as 'or' | 'and', negateLogic, value, key);
        if (!r.ok) return r;
        pushTo(query.conditions, path, r.value);
      }
      continue;
    }
    // A filter: the json arrow may contain dots only inside quotes; the column is the part
    // after the last dot that precedes any `->`.
    const arrow = key.indexOf('->');
    const head = arrow === -1 ? key : key.slice(0, arrow);
    const dot = head.lastIndexOf('.');
    const filterPath = dot === -1 ? '' : head.slice(0, dot);
    const column = dot === -1 ? key : key.slice(dot + 1);
    const r = parseFilter(column, value);
    if (!r.ok) return r;
    pushTo(query.conditions, filterPath, { type: 'filter', filter: r.value });
  }
  return { ok: true, value: query };
}
