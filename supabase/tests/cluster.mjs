// A throw-away PostgreSQL 15 cluster (Debian's postgresql-15) in a temp dir on a free port, for
// the pgTAP runner and the schema benchmarks. As root, initdb refuses to run, so the data dir
// is handed to the postgres user and the server tools run through runuser.
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
 * Returns { port, url, psql(args, input?), stop() }.
 * psql runs as the postgres superuser over TCP with ON_ERROR_STOP.
 */
export async function startCluster(settings = []) {
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
    'postgres',
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
  const psql = (args, input) =>
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
        'postgres',
        '-d',
        'postgres',
        ...args,
      ],
      { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 },
    );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  return { port, url, psql, stop };
}

/** Applies the platform SQL and then every migration, in order; throws with psql's output. */
export function applySchema(cluster) {
  for (const file of [...sqlFiles(PLATFORM_SQL_DIR), ...sqlFiles(MIGRATIONS_DIR)]) {
    const result = cluster.psql(['-q', '-f', file]);
    if (result.status !== 0) {
      throw new Error(`applying ${file} failed:\n${result.stdout}${result.stderr}`);
    }
  }
}
