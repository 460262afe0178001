import type { JsonStep, ParseError, Result } from './parser.ts';

// The reader under every parameter grammar: a cursor over one value, names (quoted or bare),
// JSON paths and casts, and errors that become PGRST100 values.

export const AGGREGATES = ['sum', 'avg', 'max', 'min', 'count'] as const;
export type AggregateFn = (typeof AGGREGATES)[number];

export class GrammarError extends Error {
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

export function attempt<T>(fn: () => T): Result<T> {
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
export class Cursor {
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

export function readQuoted(c: Cursor): string {
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

export function readName(c: Cursor): string {
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

export function readJsonPath(c: Cursor, stops: Set<string>): JsonStep[] {
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

export function readCast(c: Cursor): string | undefined {
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

/** Removes whitespace outside double quotes, as postgrest-js does client-side. */
export function stripSpaces(input: string): string {
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
