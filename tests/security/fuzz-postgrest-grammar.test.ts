import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_FILTER_OPERATORS } from '@magyarul/local';
import { percentile } from './support/latency.ts';
import { ISSUE_SELECT } from './support/queries.ts';
import {
  DEMO_LEARNER,
  headersFor,
  signIn,
  startChildServer,
  type ChildServer,
} from './support/server.ts';

// A fuzz of the PostgREST query grammar against the app's schema: select lists with nested,
// aliased, hinted, spread and !inner embeds (deeper than allowed too), casts and JSON paths,
// filters with every operator and hostile values, logic trees, orders, limits and offsets,
// NUL bytes at random places and huge selects, as anon and as a learner. No answer may be a
// 5xx other than a statement timeout (57014), no connection may be dropped, and a health
// check probed all along must never stall.

const TABLES = [
  'lessons',
  'lesson_vocabulary',
  'lesson_transcript',
  'profiles',
  'user_roles',
  'user_lesson_progress',
  'user_vocabulary_progress',
  'review_log',
  'flashcard_sessions',
  'user_feedback',
  'tourist_pack_words',
];
const COLUMNS = [
  'id',
  'title',
  'lesson_number',
  'description',
  'level',
  'is_published',
  'created_at',
  'lesson_id',
  'word_hu',
  'word_en',
  'difficulty',
  'text_content',
  'start_time',
  'user_id',
  'name',
  'role',
  'status',
  'position',
];
// Every operator the grammar knows, and one it does not.
const OPERATORS = [...REST_FILTER_OPERATORS, 'bogus'];
const CASTS = ['text', 'int', 'json', 'jsonb', 'uuid', 'bool', 'numeric', 'tsvector', 'x y'];

const junk = fc.string({ unit: 'binary', maxLength: 12 });
const name = fc.oneof(
  { weight: 19, arbitrary: fc.constantFrom(...COLUMNS) },
  { weight: 1, arbitrary: junk },
);
/** Embed targets: mostly tables related to lessons, sometimes anything. */
const target = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom('lesson_vocabulary', 'lessons', 'lesson_transcript', 'profiles'),
  },
  { weight: 1, arbitrary: fc.constantFrom(...TABLES) },
  { weight: 1, arbitrary: junk },
);
const column = fc.oneof(
  { weight: 6, arbitrary: name },
  {
    weight: 1,
    arbitrary: fc
      .tuple(name, fc.array(fc.tuple(fc.constantFrom('->', '->>'), name), { maxLength: 3 }))
      .map(([head, steps]) => head + steps.map(([a, k]) => a + k).join('')),
  },
);
const value = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'null', 'true', 'false', '', '*a*', "'", '"', '\\', '%', '%00'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  junk,
  fc.array(junk, { maxLength: 4 }).map((items) => `(${items.join(',')})`),
  fc.integer().map(String),
);

const { select } = fc.letrec<{ select: string; item: string }>((tie) => ({
  select: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('*'),
    column,
    fc.tuple(name, column).map(([alias, c]) => `${alias}:${c}`),
    fc.tuple(column, fc.constantFrom(...CASTS)).map(([c, cast]) => `${c}::${cast}`),
    fc.constant('count()'),
    fc
      .tuple(
        fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: name }),
        fc.constantFrom('', '', '', '...'),
        target,
        fc.constantFrom('', '', '', '!inner', '!left', '!lesson_id', '!nope'),
        tie('select'),
      )
      .map(
        ([alias, spread, target, hint, inner]) =>
          `${spread}${alias ? `${alias}:` : ''}${target}${hint}(${inner})`,
      ),
  ),
}));

const filter = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...TABLES) },
    ),
    column,
    fc.boolean(),
    fc.constantFrom(...OPERATORS),
    fc.constantFrom('', '', '', '(any)', '(all)', '(english)'),
    value,
  )
  .map(
    ([path, c, not, op, modifier, v]) =>
      [`${path ? `${path}.` : ''}${c}`, `${not ? 'not.' : ''}${op}${modifier}.${v}`] as [
        string,
        string,
      ],
  );

const { logic } = fc.letrec<{ logic: string; term: string }>((tie) => ({
  logic: fc
    .tuple(fc.constantFrom('or', 'and', 'not.or', 'bogus'), fc.array(tie('term'), { maxLength: 4 }))
    .map(([op, terms]) => `${op}(${terms.join(',')})`),
  term: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(column, fc.constantFrom(...OPERATORS), value).map(([c, op, v]) => `${c}.${op}.${v}`),
    tie('logic'),
  ),
}));

const param: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 4, arbitrary: select.map((s) => ['select', s] as [string, string]) },
  { weight: 4, arbitrary: filter },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('or', 'and', 'not.or', 'lessons.or'), logic)
      .map(([k, l]) => [k, l.replace(/^[a-z.]+\(/, '(')] as [string, string]),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('order', 'lesson_vocabulary.order', 'lessons.order'),
        column,
        fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', '.sideways'),
      )
      .map(([k, c, d]) => [k, `${c}${d}`] as [string, string]),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('limit', 'offset', 'lesson_vocabulary.limit', 'lessons.offset'),
        fc.oneof(fc.integer().map(String), fc.constant('99999999999999999999'), junk),
      )
      .map(([k, v]) => [k, v] as [string, string]),
  },
  { weight: 1, arbitrary: fc.tuple(junk, junk) },
);

/** A path and query string: mostly the grammar, sometimes NUL bytes, huge or deep selects. */
const request = fc
  .tuple(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...TABLES) },
      { weight: 1, arbitrary: fc.constantFrom('rpc/get_due_words', 'rpc/nope', 'lessons/x') },
      { weight: 1, arbitrary: junk.map(encodeURIComponent) },
    ),
    fc.array(param, { maxLength: 5 }),
    fc.oneof(
      { weight: 8, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constant(`&select=${encodeURIComponent(ISSUE_SELECT)}`) },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 50, max: 1500 })
          .map(
            (n) =>
              `&select=${Array.from({ length: n }, (_, i) => COLUMNS[i % COLUMNS.length]).join(',')}`,
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 5, max: 400 })
          .map((n) => `&select=${'lesson_vocabulary('.repeat(n)}*${')'.repeat(n)}`),
      },
    ),
    fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat() }),
    fc.boolean(),
  )
  .map(([table, params, extra, nulAt, asLearner]) => {
    let query = new URLSearchParams(params).toString() + extra;
    if (nulAt !== undefined) {
      const at = nulAt % (query.length + 1);
      query = `${query.slice(0, at)}%00${query.slice(at)}`;
    }
    return { path: `/rest/v1/${table}?${query}`, asLearner };
  });

describe('PostgREST query-grammar fuzz', () => {
  let server: ChildServer;
  let learner: string;

  beforeAll(async () => {
    server = await startChildServer({ MAGYARUL_STATEMENT_TIMEOUT: '2s' });
    learner = (await signIn(server.url, server.anonKey, DEMO_LEARNER)).access_token;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('never answers a 5xx other than a statement timeout, and never stalls a concurrent request', async () => {
    const probe: number[] = [];
    const probeStatuses = new Set<number>();
    let fuzzing = true;
    // The prober sends a health request alongside a fuzz request: each fuzz request that starts
    // while no probe is in flight releases the next one.
    let releaseProbe = (): void => undefined;
    const nextFuzzRequest = () => new Promise<void>((resolve) => (releaseProbe = resolve));
    const prober = (async () => {
      while (fuzzing) {
        await nextFuzzRequest();
        if (!fuzzing) break;
        const started = performance.now();
        // With the key, as hosted's gateway wants it on every auth route.
        const res = await fetch(`${server.url}/auth/v1/health`, {
          headers: { apikey: server.anonKey },
        });
        await res.arrayBuffer();
        probe.push(performance.now() - started);
        probeStatuses.add(res.status);
      }
    })();
    const seen = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(request, async ({ path, asLearner }) => {
          releaseProbe();
          const res = await fetch(`${server.url}${path}`, {
            headers: headersFor(server.anonKey, asLearner ? learner : server.anonKey),
          });
          const text = await res.text();
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          if (res.status >= 500) {
            expect({ path, status: res.status, body: text }).toMatchObject({ status: 500 });
            expect((JSON.parse(text) as { code: string }).code, `${path} → ${text}`).toBe('57014');
          }
        }),
        { numRuns: 600 },
      );
    } finally {
      fuzzing = false;
      releaseProbe();
      await prober;
    }
    console.log('statuses:', Object.fromEntries(seen));
    console.log(
      `health during the fuzz: ${probe.length} probes, p50 ${percentile(probe, 50).toFixed(1)} ms, max ${Math.max(...probe).toFixed(1)} ms`,
    );
    // The grammar was really exercised: answers, refusals and not-founds all occurred.
    expect(seen.get(200)).toBeGreaterThan(0);
    expect(seen.get(400)).toBeGreaterThan(0);
    expect([...probeStatuses]).toEqual([200]);
    expect(Math.max(...probe)).toBeLessThan(2000);
  });
});
