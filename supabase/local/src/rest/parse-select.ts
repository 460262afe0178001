import {
  AGGREGATES,
  attempt,
  Cursor,
  readCast,
  readJsonPath,
  readName,
  stripSpaces,
} from './grammar.ts';
import type { Result, SelectItem } from './parser.ts';

// `select=`: columns, aliases, casts, JSON paths, aggregates and embedded resources.

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

export function parseSelect(input: string): Result<SelectItem[]> {
  return attempt(() => {
    const c = new Cursor(stripSpaces(input), 'select');
    if (c.done) return [{ type: 'star' } as SelectItem];
    const items = readSelectList(c, false);
    if (!c.done) c.fail('"," or end of input');
    return items;
  });
}
