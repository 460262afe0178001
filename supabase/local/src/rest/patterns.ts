import { apiError } from './errors.ts';
import type { Condition, Filter, ParsedQuery } from './parser.ts';

// Pattern filters that can run away (issue 27). `match`/`imatch` are Postgres regular
// expressions: without back-references Postgres matches them with automata, but nested or
// large bounded repetitions make the automaton itself huge (`(a{0,100}){0,100}` takes a second
// to compile), and a back-reference or a lookaround makes the engine backtrack: one anonymous
// `text_content=match.(.{0,60}){0,60}\1y1` ran 0.8 s per line of one transcript, seconds per
// table, and PGlite (one connection, no statement timeout that can interrupt it) held every
// other request that long. So before a read runs, each pattern is checked, and one that could
// run long is refused with PostgREST's 400 shape: no back-references, no lookarounds or
// embedded options, no quantified group that holds a quantifier, bounded repetitions up to
// MAX_REPEAT, and at most MAX_PATTERN_LENGTH characters. `like`/`ilike` match in linear time
// per wildcard in Postgres; they are bounded in length and wildcards all the same. PostgREST
// itself has no such check (hosted relies on many connections and statement timeouts); the app
// uses none of the refused forms. The checks apply on PGlite and PostgreSQL alike, so an API
// client sees one behaviour.

/** Longest accepted pattern of match, imatch, like and ilike, in characters. */
export const MAX_PATTERN_LENGTH = 100;

/** Largest bound of a `{m,n}` repetition in a match/imatch pattern. */
export const MAX_REPEAT = 20;

/** Most `%`/`*` wildcards in one like/ilike pattern. */
export const MAX_LIKE_WILDCARDS = 10;

const REGEX_OPS = new Set(['match', 'imatch']);
const LIKE_OPS = new Set(['like', 'ilike']);

type Group = { quantified: boolean };

/** `{m}`, `{m,}` or `{m,n}` at `at`: its length and upper bound (Infinity when open). */
function bound(pattern: string, at: number): { length: number; max: number } | null {
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
  return { length: match[0].length, max: Math.max(min, max) };
}

/** Length of the bracket expression starting at `at` (`[…]`, with `[:class:]` inside). */
function bracketLength(pattern: string, at: number): number {
  let i = at + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  while (i < pattern.length && pattern[i] !== ']') {
    const next = pattern[i + 1];
    if (pattern[i] === '[' && (next === ':' || next === '.' || next === '=')) {
      const close = pattern.indexOf(`${next}]`, i + 2);
      i = close < 0 ? pattern.length : close + 2;
    } else {
      i++;
    }
  }
  return i + 1 - at;
}

/** Why a regular expression could run long, or null when it cannot. */
export function regexRisk(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  if (pattern.startsWith('***')) return 'uses a director prefix (***)';
  const groups: Group[] = [{ quantified: false }];
  const current = (): Group => groups[groups.length - 1] as Group;
  // The group just closed, until we know whether a quantifier applies to it.
  let closed: Group | null = null;
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i] as string;
    const repeat =
      c === '{'
        ? bound(pattern, i)
        : '*+?'.includes(c)
          ? { length: 1, max: c === '?' ? 1 : Infinity }
          : null;
    if (repeat) {
      if (repeat.max !== Infinity && repeat.max > MAX_REPEAT) {
        return `repeats more than ${MAX_REPEAT} times`;
      }
      // A quantified group that holds a quantifier: (a+)*, (.{0,60}){0,60}.
      if (closed?.quantified) return 'nests quantifiers';
      closed = null;
      current().quantified = true;
      i += repeat.length;
      // A non-greedy quantifier's ? belongs to it.
      if (pattern[i] === '?') i++;
      continue;
    }
    if (closed) current().quantified ||= closed.quantified;
    closed = null;
    if (c === '\\') {
      if (/[1-9]/.test(pattern[i + 1] ?? '')) return 'uses a back-reference';
      i += 2;
    } else if (c === '[') {
      i += bracketLength(pattern, i);
    } else if (c === '(') {
      if (pattern[i + 1] === '?') {
        if (pattern[i + 2] !== ':') return 'uses a lookaround or embedded options (?…)';
        i += 2;
      }
      groups.push({ quantified: false });
      i++;
    } else if (c === ')' && groups.length > 1) {
      closed = groups.pop() as Group;
      i++;
    } else {
      i++;
    }
  }
  return null;
}

/** Why a like/ilike pattern (wildcards already `%`) could run long, or null. */
export function likeRisk(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  const wildcards = pattern.match(/%/g)?.length ?? 0;
  if (wildcards > MAX_LIKE_WILDCARDS) return `has more than ${MAX_LIKE_WILDCARDS} wildcards`;
  return null;
}

function checkFilter(filter: Filter): void {
  const risk = REGEX_OPS.has(filter.op) ? regexRisk : LIKE_OPS.has(filter.op) ? likeRisk : null;
  if (!risk) return;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  for (const value of values) {
    const reason = risk(value);
    if (reason) {
      throw apiError(
        400,
        'PGRST100',
        `The ${filter.op} pattern on "${filter.field.name}" ${reason}`,
        null,
        'Use a shorter pattern without back-references, lookarounds or nested repetition.',
      );
    }
  }
}

function checkCondition(condition: Condition): void {
  if (condition.type === 'filter') checkFilter(condition.filter);
  else condition.conditions.forEach(checkCondition);
}

/** Refuses (400 PGRST100) a query with a pattern filter that could run long; see above. */
export function checkPatterns(query: ParsedQuery): void {
  for (const conditions of query.conditions.values()) conditions.forEach(checkCondition);
}
