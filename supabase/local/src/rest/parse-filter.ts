import { attempt, Cursor, readJsonPath, readName, readQuoted } from './grammar.ts';
import type { Condition, Field, Filter, Result } from './parser.ts';

// Filters `col=op.value` and logic trees `or=(…)` / `and=(…)`.

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
