// Rebuilds web/dist when it is missing or older than any source it is built from, so
// `npm start` always serves the current app without a manual build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const root = join(web, '..');
const builtIndex = join(web, 'dist', 'index.html');
/** Written beside a build made by buildWeb; a build without it is rebuilt. */
const STAMP = 'build-stamp.json';
const sources = [
  join(web, 'src'),
  join(root, 'core', 'src'),
  join(web, 'index.html'),
  join(web, 'public'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Builds the app into `outDir` as a production build whatever NODE_ENV the caller runs under:
 * Vite builds React's development bundle when NODE_ENV is "test" or "development" (vitest
 * sets "test"), which once left a 57 KB larger, slower app with the source paths in it in
 * dist for `npm start`, the end-to-end tests and the benchmarks.
 */
export function buildWeb(outDir = join(web, 'dist')) {
  const run = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) return false;
  writeFileSync(join(outDir, STAMP), `${JSON.stringify({ nodeEnv: 'production' })}\n`);
  return true;
}

/** Why dist must be built again, or null when it is a current production build. */
function staleReason() {
  if (!existsSync(builtIndex)) return 'no build found';
  const stamp = join(web, 'dist', STAMP);
  let nodeEnv = null;
  try {
    nodeEnv = JSON.parse(readFileSync(stamp, 'utf8')).nodeEnv;
  } catch {
    // Missing or unreadable: not known to be a production build.
  }
  if (nodeEnv !== 'production') return 'the build is not known to be a production build';
  if (statSync(builtIndex).mtimeMs < Math.max(...sources.map(newestMtime))) {
    return 'sources changed';
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = process.argv.includes('--force') ? 'rebuild forced' : staleReason();
  if (reason === null) {
    console.log('web: build is up to date');
  } else {
    console.log(`web: ${reason}, building…`);
    if (!buildWeb()) {
      console.error('web: build failed');
      process.exit(1);
    }
    console.log('web: built');
  }
}
