import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer, type ServerConfig } from '@magyarul/local';
import { freePort } from '../../contract/setup/postgres.ts';
import { copyDataTemplate } from '../../support/template-copy/template-copy.ts';

// The app as an attacker meets it: the embedded server with the app's own migrations and seed
// on its own data directory, either in this process (the test can look at the database) or as
// `npm start` runs it, in its own process (latency measurements not disturbed by the test).
// On PGlite the directory is a copy of the run's seeded template (tests/support/data-template.ts:
// the state of a fresh directory after its first boot, without the boot's 10-20 s);
// `fresh: true` starts from an empty directory, for tests of the first boot itself.

/** A new data directory: empty when `fresh`, else a copy of the seeded template. */
function dataDirFor(fresh: boolean): string {
  return fresh
    ? mkdtempSync(join(tmpdir(), 'magyarul-security-'))
    : copyDataTemplate('seeded', 'magyarul-security-');
}

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SUPABASE_DIR = join(REPO_ROOT, 'supabase');
export const DEMO_PASSWORD = 'magyarul-demo';
export const DEMO_ADMIN = 'admin@magyarul.local';
export const DEMO_LEARNER = 'learner@magyarul.local';

export type AppServer = RunningServer & { stop(): Promise<void> };

export async function startAppServer(
  options: { env?: Record<string, string>; config?: Partial<ServerConfig>; fresh?: boolean } = {},
): Promise<AppServer> {
  // A PostgreSQL-backed server keeps nothing of the database in its data directory.
  const dataDir = dataDirFor(options.fresh ?? options.config?.databaseUrl !== undefined);
  let server: RunningServer;
  try {
    server = await startServer({
      config: { port: 0, dataDir, supabaseDir: SUPABASE_DIR, ...options.config },
      env: options.env ?? {},
      quiet: true,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...server,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ChildServer = { url: string; anonKey: string; output(): string; stop(): Promise<void> };

const MAIN = join(REPO_ROOT, 'supabase', 'local', 'src', 'main.ts');

/**
 * `npx tsx supabase/local/src/main.ts` on its own data directory (a copy of the seeded
 * template, or with `fresh` an empty one that the first boot migrates and seeds: benchmarks
 * run without the test suite's template) and a free port. `prepareSql` runs first on that
 * directory (or on DATABASE_URL) as the database owner (test fixtures the app does not have).
 */
export async function startChildServer(
  env: Record<string, string> = {},
  prepareSql?: string,
  fresh = false,
): Promise<ChildServer> {
  const dataDir = dataDirFor(fresh);
  if (prepareSql) {
    // With DATABASE_URL this also migrates and seeds that database for the child.
    const prepared = await startServer({
      config: {
        port: 0,
        dataDir,
        supabaseDir: SUPABASE_DIR,
        ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
      },
      env: {},
      quiet: true,
    });
    await prepared.ctx.db.exec(prepareSql);
    await prepared.close();
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      MAGYARUL_DATA_DIR: dataDir,
      MAGYARUL_SUPABASE_DIR: SUPABASE_DIR,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const info = (await (await fetch(`${url}/_dev/info`)).json()) as { anonKey: string };
  return {
    url,
    anonKey: info.anonKey,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token of a seeded or created account (password grant). */
export async function signIn(
  url: string,
  anonKey: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

/**
 * A function anon may call that runs until a statement timeout stops it: the tests' stand-in
 * for any statement that runs too long (the app has none that anon can make run that long).
 */
export const SPIN_SQL = `create function public.security_spin() returns bigint
  language sql stable as $$ select count(*) from generate_series(1, 100000000000) $$;
  grant execute on function public.security_spin() to anon, authenticated;`;

/**
 * A function anon may call that holds its connection for 2 s without using the CPU: the tests'
 * stand-in for a slow statement on PostgreSQL (it must not queue the requests behind it).
 */
export const SLEEP_SQL = `create function public.security_sleep() returns void
  language sql stable as $$ select pg_sleep(2) $$;
  grant execute on function public.security_sleep() to anon, authenticated;`;

export function headersFor(anonKey: string, token = anonKey): Record<string, string> {
  return { apikey: anonKey, authorization: `Bearer ${token}` };
}
