import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { makeKeys, signJwt, startServer } from '@magyarul/local';
import { startCluster, type Cluster } from '../contract/setup/postgres.ts';
import { flood } from '../security/support/flood.ts';
import { percentile, sample } from '../security/support/latency.ts';
import { chainSelect, HEAVY_SELECT, ISSUE_SELECT, restPath } from '../security/support/queries.ts';
import { SPIN_SQL } from '../security/support/server.ts';

// Issue 10 adds: the latency of the health check and of a simple read on the app's own schema
// and seed while hostile embeds pour in from another process, and while a statement runs
// until its role's timeout (the budget is 200 ms).
// Issue 3 point 10: load on the embedded server (autocannon, 50 connections, 10 s each) —
// anonymous read of a published-lesson list, an authenticated RLS read of one's own progress,
// an authenticated write, and a bare node:http server as the ceiling. The servers run in child
// processes so autocannon does not share their event loop.
// BENCH_BACKEND=postgres runs the embedded server on a throw-away PostgreSQL 15 cluster instead
// of PGlite; BENCH_DATABASE_URL=postgres://… on an existing database.

const SECRET = 'load-benchmark-secret-0123456789abcdefgh';
const USERS = 50;
const SELF = fileURLToPath(import.meta.url);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const MIGRATION = `
create table public.lessons (
  id serial primary key,
  title text not null,
  description text,
  level int not null default 1,
  published boolean not null default false,
  position int not null,
  created_at timestamptz not null default now()
);
alter table public.lessons enable row level security;
create policy lessons_read on public.lessons for select using (published);
insert into public.lessons (title, description, level, published, position)
  select 'Lecke ' || g, 'Egy rövid párbeszéd a(z) ' || g || '. leckéhez.', 1 + g % 3, g % 5 <> 0, g
  from generate_series(1, 25) g;

create table public.progress (
  user_id uuid not null default auth.uid(),
  lesson_id int not null references public.lessons (id),
  score int not null default 0,
  updated_at timestamptz not null default now(),
  primary key (user_id, lesson_id)
);
alter table public.progress enable row level security;
create policy progress_own on public.progress for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());

create table public.reviews (
  id bigserial primary key,
  user_id uuid not null default auth.uid(),
  lesson_id int not null,
  grade int not null,
  created_at timestamptz not null default now()
);
alter table public.reviews enable row level security;
create policy reviews_insert on public.reviews for insert to authenticated with check (user_id = auth.uid());
`;

async function serveLocal(dir: string): Promise<void> {
  const users = JSON.parse(process.env.BENCH_USERS ?? '[]') as string[];
  const server = await startServer({
    config: {
      port: 0,
      dataDir: join(dir, process.env.BENCH_DATA ?? 'data'),
      supabaseDir: join(dir, 'supabase'),
      // The reference run measures the REST path itself, without the anonymous read cache.
      anonReadCache: process.env.BENCH_ANON_CACHE !== 'false',
      ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
    },
    env: { JWT_SECRET: SECRET },
    quiet: true,
    seed: false,
  });
  const values = users.flatMap((u) =>
    Array.from({ length: 20 }, (_, i) => `('${u}', ${i + 1}, ${i * 3})`),
  );
  await server.ctx.db.exec(
    `insert into public.progress (user_id, lesson_id, score) values ${values.join(', ')}`,
  );
  process.stdout.write(`READY ${server.url}\n`);
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

/** The app itself (its migrations and seed), with a statement that never ends for anon. */
async function serveApp(dir: string): Promise<void> {
  const server = await startServer({
    config: {
      port: 0,
      dataDir: join(dir, 'app'),
      supabaseDir: fileURLToPath(new URL('../../supabase/', import.meta.url)),
    },
    env: { JWT_SECRET: SECRET },
    quiet: true,
  });
  await server.ctx.db.exec(SPIN_SQL);
  process.stdout.write(`READY ${server.url}\n`);
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

type LatencyRow = { name: string; samples: number[]; statuses: number[]; budget?: number };

async function latencyUnderAttack(rows: LatencyRow[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-bench-app-'));
  const app = await spawnServer('--serve-app', { BENCH_DIR: dir });
  const keys = makeKeys(SECRET);
  const anon = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` };
  const learner = signJwt(
    {
      sub: randomUUID(),
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    SECRET,
  );
  const health = () => fetch(`${app.url}/auth/v1/health`, { headers: { apikey: keys.anonKey } });
  const read = () =>
    fetch(`${app.url}${restPath('lessons', 'id,title')}`, {
      headers: { apikey: keys.anonKey, authorization: `Bearer ${learner}` },
    });
  const count = Math.max(20, DURATION * 10);
  try {
    await sample(5, read);
    rows.push({ name: 'health, idle', ...(await sample(count, health)) });
    rows.push({ name: 'simple read, idle', ...(await sample(count, read)) });
    const hostile = flood(app.url, anon, [
      restPath('lessons', ISSUE_SELECT),
      restPath('lessons', HEAVY_SELECT),
      restPath('lessons', chainSelect(4)),
      // Permitted: answered with the full nested body.
      restPath('lessons', chainSelect(2)),
    ]);
    await hostile.started;
    try {
      rows.push({ name: 'health, hostile embeds', budget: 200, ...(await sample(count, health)) });
      rows.push({
        name: 'simple read, hostile embeds',
        budget: 200,
        ...(await sample(count, read)),
      });
    } finally {
      console.log('hostile embeds answered:', await hostile.stop());
    }
    const spin = flood(app.url, anon, ['/rest/v1/rpc/security_spin'], 1);
    await spin.started;
    try {
      rows.push({
        name: 'health, statement to timeout',
        budget: 200,
        ...(await sample(count, health)),
      });
      // PGlite is one connection: a read waits for a statement that runs to its role's
      // timeout (anon 3 s). Printed for what it is, without a budget.
      rows.push({ name: 'simple read, statement to timeout', ...(await sample(5, read)) });
    } finally {
      console.log('statements run to their timeout answered:', await spin.stop());
    }
  } finally {
    await stop(app.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

function serveBare(): void {
  const body = JSON.stringify(
    Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `Lecke ${i + 1}`, level: 1 })),
  );
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`READY http://127.0.0.1:${port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

function spawnServer(
  mode: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\S+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}: ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Row = { name: string; result: Result; target?: number };

function fmt(n: number, width: number): string {
  return String(Math.round(n)).padStart(width);
}

async function main(): Promise<void> {
  if (process.argv[2] === '--serve-local') return serveLocal(process.env.BENCH_DIR ?? '');
  if (process.argv[2] === '--serve-bare') return serveBare();
  if (process.argv[2] === '--serve-app') return serveApp(process.env.BENCH_DIR ?? '');

  const dir = mkdtempSync(join(tmpdir(), 'magyarul-bench-'));
  mkdirSync(join(dir, 'supabase', 'migrations'), { recursive: true });
  writeFileSync(join(dir, 'supabase', 'migrations', '20240101000000_bench.sql'), MIGRATION);
  const users = Array.from({ length: USERS }, () => randomUUID());
  const keys = makeKeys(SECRET);
  const tokens = users.map((sub) =>
    signJwt(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      SECRET,
    ),
  );
  const rows: Row[] = [];
  let cluster: Cluster | null = null;
  let databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  if (!databaseUrl && process.env.BENCH_BACKEND === 'postgres') {
    cluster = await startCluster();
    databaseUrl = await cluster.createDatabase('bench');
  }
  const local = await spawnServer('--serve-local', {
    BENCH_DIR: dir,
    BENCH_USERS: JSON.stringify(users),
    BENCH_DATABASE_URL: databaseUrl,
  });
  const backend = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    const rest = `${local.url}/rest/v1`;
    const anonHeaders = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` };
    const userHeaders = (i: number) => ({
      apikey: keys.anonKey,
      authorization: `Bearer ${tokens[i % tokens.length] ?? ''}`,
    });
    // Warm-up (schema cache, JIT).
    await autocannon({
      url: `${rest}/lessons?select=id`,
      connections: 4,
      duration: 1,
      headers: anonHeaders,
    });
    rows.push({
      name: `anon list (${backend})`,
      target: 3000,
      result: await autocannon({
        url: `${rest}/lessons?select=id,title,description,level,created_at&published=eq.true&order=position.asc`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: anonHeaders,
      }),
    });
    rows.push({
      name: `auth RLS read (${backend})`,
      target: 1500,
      result: await autocannon({
        url: `${rest}/progress?select=lesson_id,score,updated_at&order=lesson_id.asc`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: userHeaders(0),
      }),
    });
    rows.push({
      name: `auth write (${backend})`,
      result: await autocannon({
        url: `${rest}/reviews`,
        connections: CONNECTIONS,
        duration: DURATION,
        method: 'POST',
        headers: { ...userHeaders(1), 'content-type': 'application/json' },
        body: JSON.stringify({ lesson_id: 3, grade: 4 }),
      }),
    });
  } finally {
    await stop(local.child);
  }
  if (!databaseUrl) {
    // Same list with the anonymous read cache off: what every cache miss costs (no target).
    const reference = await spawnServer('--serve-local', {
      BENCH_DIR: dir,
      BENCH_USERS: JSON.stringify(users),
      BENCH_DATA: 'data-uncached',
      BENCH_ANON_CACHE: 'false',
    });
    try {
      rows.push({
        name: 'anon list, no cache (reference)',
        result: await autocannon({
          url: `${reference.url}/rest/v1/lessons?select=id,title,description,level,created_at&published=eq.true&order=position.asc`,
          connections: CONNECTIONS,
          duration: DURATION,
          headers: { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` },
        }),
      });
    } finally {
      await stop(reference.child);
    }
  }
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
  const bare = await spawnServer('--serve-bare', {});
  try {
    rows.push({
      name: 'bare node:http (ceiling)',
      result: await autocannon({ url: bare.url, connections: CONNECTIONS, duration: DURATION }),
    });
  } finally {
    await stop(bare.child);
  }

  const ceiling = rows[rows.length - 1]?.result.requests.average ?? 1;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each\n`);
  console.log('scenario                          req/s   p50 ms   p99 ms  errors  ratio   verdict');
  let failed = 0;
  for (const row of rows) {
    const r = row.result;
    const errors = r.errors + r.timeouts + r.non2xx;
    const checks: boolean[] = [errors === 0];
    if (row.target !== undefined)
      checks.push(r.requests.average >= row.target, r.latency.p99 < 100);
    const pass = checks.every(Boolean);
    if (!pass) failed++;
    console.log(
      `${row.name.padEnd(32)} ${fmt(r.requests.average, 6)} ${fmt(r.latency.p50, 8)} ${fmt(r.latency.p99, 8)} ${fmt(errors, 7)}  ${(r.requests.average / ceiling).toFixed(2).padStart(5)}   ${pass ? 'PASS' : 'FAIL'}${row.target !== undefined ? ` (≥ ${row.target} req/s, p99 < 100 ms, 0 errors)` : ' (0 errors)'}`,
    );
  }
  if (!databaseUrl) {
    const latencies: LatencyRow[] = [];
    await latencyUnderAttack(latencies);
    console.log(
      `\nlatency on the app's schema and seed (PGlite), ${latencies[0]?.samples.length ?? 0} sequential requests each\n`,
    );
    console.log('scenario                          p50 ms   p95 ms   max ms  non-200  verdict');
    for (const row of latencies) {
      const p95 = percentile(row.samples, 95);
      const errors = row.statuses.filter((s) => s !== 200).length;
      const pass = errors === 0 && (row.budget === undefined || p95 < row.budget);
      if (!pass) failed++;
      console.log(
        `${row.name.padEnd(32)} ${percentile(row.samples, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)} ${Math.max(
          ...row.samples,
        )
          .toFixed(1)
          .padStart(
            8,
          )} ${String(errors).padStart(8)}  ${pass ? 'PASS' : 'FAIL'}${row.budget !== undefined ? ` (p95 < ${row.budget} ms)` : ''}`,
      );
    }
  }
  console.log(failed === 0 ? '\nall targets met' : `\n${failed} scenario(s) below target`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
