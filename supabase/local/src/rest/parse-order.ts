import { attempt, Cursor, GrammarError, readJsonPath, readName, stripSpaces } from './grammar.ts';
import type { Field, OrderTerm, Result } from './parser.ts';

// `order=`, `limit=`, `offset=` and `columns=`.

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
