import { startCluster, type Cluster } from '../contract/setup/postgres.ts';
import { flood } from '../security/support/flood.ts';
import { percentile, sample, type Latency } from '../security/support/latency.ts';
import { patternPaths, restPath } from '../security/support/queries.ts';
import {
  DEMO_LEARNER,
  headersFor,
  signIn,
  SLEEP_SQL,
  startChildServer,
  type ChildServer,
} from '../security/support/server.ts';

// Issue 27: what a learner waits for while the attacks of the third security round pour in, on
// the app's own schema and seed, the server running as `npm start` runs it (its own process)
// and the attack coming from another process:
//   - three pathological pattern filters at a time (`match.(.{0,60}){0,60}\1y<n>`, anonymous,
//     a new <n> each time): p95 < 300 ms on PGlite, < 200 ms on PostgreSQL;
//   - 45 MB JSON bodies to sign-in and an RPC from four clients: the health check and a read,
//     p95 < 200 ms;
//   - on PostgreSQL, three statements that each hold a connection for 2 s: p95 < 200 ms.
// tests/security/dos-patterns.test.ts and dos-bodies.test.ts assert the same with a margin.

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const BIG = 45 * 1024 * 1024;

type Row = { name: string; latency: Latency; budget?: number };

async function measure(
  server: ChildServer,
  rows: Row[],
  backend: string,
  attacks: { name: string; paths: string[]; connections: number; body?: number; budget: number }[],
): Promise<void> {
  const learner = (await signIn(server.url, server.anonKey, DEMO_LEARNER)).access_token;
  const read = () =>
    fetch(`${server.url}${restPath('lessons', 'id,title')}`, {
      headers: headersFor(server.anonKey, learner),
    });
  const health = () =>
    fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } });
  await sample(5, read);
  rows.push({ name: `${backend}: read, idle`, latency: await sample(SAMPLES, read) });
  for (const attack of attacks) {
    const load = flood(
      server.url,
      headersFor(server.anonKey),
      attack.paths,
      attack.connections,
      attack.body ?? 0,
    );
    await load.started;
    try {
      if (attack.body) {
        rows.push({
          name: `${backend}: health, ${attack.name}`,
          budget: attack.budget,
          latency: await sample(SAMPLES, health),
        });
      }
      rows.push({
        name: `${backend}: read, ${attack.name}`,
        budget: attack.budget,
        latency: await sample(SAMPLES, read),
      });
    } finally {
      console.log(`${backend}, ${attack.name}: attack answered`, await load.stop());
    }
  }
}

function print(rows: Row[]): number {
  console.log(`\n${SAMPLES} sequential requests each\n`);
  console.log(
    'scenario                                        p50 ms   p95 ms   max ms  non-200  verdict',
  );
  let failed = 0;
  for (const { name, latency, budget } of rows) {
    const p95 = percentile(latency.samples, 95);
    const errors = latency.statuses.filter((s) => s !== 200).length;
    const pass = errors === 0 && (budget === undefined || p95 < budget);
    if (!pass) failed++;
    const cells = [percentile(latency.samples, 50), p95, Math.max(...latency.samples)].map((n) =>
      n.toFixed(1).padStart(8),
    );
    console.log(
      `${name.padEnd(46)} ${cells.join(' ')} ${String(errors).padStart(8)}  ${pass ? 'PASS' : 'FAIL'}${budget !== undefined ? ` (p95 < ${budget} ms)` : ''}`,
    );
  }
  return failed;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const patterns = (budget: number) => ({
    name: '3 pattern filters',
    paths: patternPaths(200),
    connections: 3,
    budget,
  });
  const bodies = {
    name: '45 MB bodies',
    paths: ['/auth/v1/token?grant_type=password', '/rest/v1/rpc/get_streak'],
    connections: 4,
    body: BIG,
    budget: 200,
  };
  console.log('PGlite: booting the app on a fresh data directory…');
  const pglite = await startChildServer({}, undefined, true);
  try {
    await measure(pglite, rows, 'PGlite', [patterns(300), bodies]);
  } finally {
    await pglite.stop();
  }
  console.log('PostgreSQL: a throw-away cluster, the app migrated and seeded on it…');
  let cluster: Cluster | null = null;
  let postgres: ChildServer | null = null;
  try {
    cluster = await startCluster();
    const databaseUrl = await cluster.createDatabase('bench_attacks');
    postgres = await startChildServer({ DATABASE_URL: databaseUrl }, SLEEP_SQL, true);
    await measure(postgres, rows, 'PostgreSQL', [
      patterns(200),
      {
        name: '3 statements of 2 s',
        paths: ['/rest/v1/rpc/security_sleep'],
        connections: 3,
        budget: 200,
      },
    ]);
  } finally {
    await postgres?.stop();
    cluster?.stop();
  }
  const failed = print(rows);
  console.log(failed === 0 ? '\nall targets met' : `\n${failed} scenario(s) below target`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
