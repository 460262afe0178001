import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flood } from './support/flood.ts';
import { percentile, sample, type Latency } from './support/latency.ts';
import {
  breadthSelect,
  chainSelect,
  HEAVY_SELECT,
  ISSUE_SELECT,
  restPath,
} from './support/queries.ts';
import {
  DEMO_LEARNER,
  headersFor,
  signIn,
  SPIN_SQL,
  startChildServer,
  type ChildServer,
} from './support/server.ts';

// Finding: while one pathological embed ran, every other request waited (/auth/v1/health took
// 9.5 s). The server runs as `npm start` does, in its own process; another process floods it
// with hostile embeds while this one measures the health check and a learner's simple read.
// The budget is 200 ms; the assertions keep a wide margin for a loaded machine (the median
// must meet the budget, no single answer may take 2 s), and `npm run bench` prints the figures.

const BUDGET_MS = 200;
const CEILING_MS = 2000;
const SAMPLES = 25;

function report(name: string, latency: Latency): void {
  console.log(
    `${name}: p50 ${percentile(latency.samples, 50).toFixed(1)} ms, p95 ${percentile(latency.samples, 95).toFixed(1)} ms, max ${Math.max(...latency.samples).toFixed(1)} ms`,
  );
}

function expectResponsive(latency: Latency): void {
  expect(latency.statuses.every((s) => s === 200)).toBe(true);
  expect(percentile(latency.samples, 50)).toBeLessThan(BUDGET_MS);
  expect(Math.max(...latency.samples)).toBeLessThan(CEILING_MS);
}

describe('no request stalls the others (defaults, as npm start runs)', () => {
  let server: ChildServer;
  let learner: string;

  beforeAll(async () => {
    server = await startChildServer();
    learner = (await signIn(server.url, server.anonKey, DEMO_LEARNER)).access_token;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers the health check and a simple read while hostile embeds pour in', async () => {
    const load = flood(server.url, headersFor(server.anonKey), [
      restPath('lessons', ISSUE_SELECT),
      restPath('lessons', breadthSelect([4, 4, 4, 4])),
      restPath('lessons', HEAVY_SELECT),
      restPath('lessons', chainSelect(4)),
      // Permitted: answered with the full nested body.
      restPath('lessons', chainSelect(2)),
    ]);
    await load.started;
    let health: Latency;
    let read: Latency;
    try {
      health = await sample(SAMPLES, () =>
        fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } }),
      );
      read = await sample(SAMPLES, () =>
        fetch(`${server.url}${restPath('lessons', 'id,title')}`, {
          headers: headersFor(server.anonKey, learner),
        }),
      );
    } finally {
      const counts = await load.stop();
      console.log('hostile requests answered:', counts);
      // Refused with a 400 (depth, cost) or answered: never a 5xx, never a dropped connection.
      expect(Object.keys(counts).filter((status) => !['200', '400'].includes(status))).toEqual([]);
    }
    report('health while flooded', health);
    report('simple read while flooded', read);
    expectResponsive(health);
    expectResponsive(read);
  });
});

describe('a statement that runs until its timeout does not stall the event loop', () => {
  let server: ChildServer;

  beforeAll(async () => {
    server = await startChildServer({ MAGYARUL_STATEMENT_TIMEOUT: '1500ms' }, SPIN_SQL);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers the health check while the database thread is busy or being replaced', async () => {
    const load = flood(server.url, headersFor(server.anonKey), ['/rest/v1/rpc/security_spin'], 2);
    await load.started;
    let health: Latency;
    try {
      health = await sample(SAMPLES, () =>
        fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } }),
      );
    } finally {
      const counts = await load.stop();
      console.log('long statements answered:', counts);
      expect(counts['500']).toBeGreaterThan(0);
    }
    report('health while a statement runs to its timeout', health);
    expectResponsive(health);
    expect(server.output()).toMatch(/database thread replaced \(statement timeout\)/);
  });
});
