// A throw-away PostgreSQL 15 cluster (Debian's postgresql-15) in a temp dir on a free port, for
// the pgTAP runner and the schema benchmarks. As root, initdb refuses to run, so the data dir
// is handed to the postgres user and the server tools run through runuser.
//
// A hosted-shaped cluster ({ hosted: true }, the pgTAP runner's) is built as supabase/postgres
// builds hosted's: supabase_admin bootstraps it and creates postgres, which owns the database,
// applies the platform SQL as a superuser and is then demoted (migration 10000000000000
// demote-postgres) before the app's migrations run, as `supabase db push` runs them.
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = '/usr/lib/postgresql/15/bin';
export const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const PLATFORM_SQL_DIR = join(SUPABASE_DIR, 'local', 'sql', 'platform');
export const MIGRATIONS_DIR = join(SUPABASE_DIR, 'migrations');
/** Hosted's bootstrap superuser. */
export const ADMIN_USER = 'supabase_admin';

function run(cmd, args, options = {}) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The .sql files of a directory in name order. */
export function sqlFiles(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Starts an empty cluster; `settings` are extra server settings such as `shared_buffers=512MB`.
 * Returns { port, url, hosted, psql(args, input?, user?), stop() }. psql runs over TCP with
 * ON_ERROR_STOP as `user` (default postgres: the bootstrap superuser, or on a hosted-shaped
 * cluster the role that becomes hosted's postgres).
 */
export async function startCluster(settings = [], { hosted = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const init = run(`${BIN}/initdb`, [
    '-D',
    data,
    '-U',
    hosted ? ADMIN_USER : 'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
  const start = run(`${BIN}/pg_ctl`, [
    '-D',
    data,
    '-o',
    options,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  if (start.status !== 0) {
    let log = '';
    try {
      log = readFileSync(join(dir, 'server.log'), 'utf8');
    } catch {
      // no log written
    }
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pg_ctl start failed:\n${start.stdout}${start.stderr}${log}`);
  }
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const psql = (args, input, user = 'postgres') =>
    spawnSync(
      `${BIN}/psql`,
      [
        '-X',
        '-v',
        'ON_ERROR_STOP=1',
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        user,
        '-d',
        'postgres',
        ...args,
      ],
      { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 },
    );
  let stopped = false;
  if (hosted) {
    const created = psql(
      [
        '-q',
        '-c',
        'create role postgres superuser login; alter database postgres owner to postgres',
      ],
      undefined,
      ADMIN_USER,
    );
    if (created.status !== 0) {
      run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`creating the postgres role failed:\n${created.stdout}${created.stderr}`);
    }
  }
  const stop = () => {
    if (stopped) return;
    stopped = true;
    run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  return { port, url, hosted, psql, stop };
}

/** Runs one SQL file through psql; throws with psql's output. */
export function applyFile(cluster, file, user = 'postgres') {
  const result = cluster.psql(['-q', '-f', file], undefined, user);
  if (result.status !== 0) {
    throw new Error(`applying ${file} failed:\n${result.stdout}${result.stderr}`);
  }
}

/**
 * Applies the platform SQL and then every migration, in order, as postgres. On a hosted-shaped
 * cluster postgres is demoted in between, by supabase_admin, with hosted's attributes.
 */
export function applySchema(cluster) {
  for (const file of sqlFiles(PLATFORM_SQL_DIR)) applyFile(cluster, file);
  if (cluster.hosted) {
    const demoted = cluster.psql(
      [
        '-q',
        '-c',
        'grant all on database postgres to postgres; ' +
          'alter role postgres nosuperuser createdb createrole login replication bypassrls',
      ],
      undefined,
      ADMIN_USER,
    );
    if (demoted.status !== 0) {
      throw new Error(`demoting postgres failed:\n${demoted.stdout}${demoted.stderr}`);
    }
  }
  for (const file of sqlFiles(MIGRATIONS_DIR)) applyFile(cluster, file);
}
