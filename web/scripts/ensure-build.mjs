// Rebuilds web/dist when it is missing or older than any source it is built from, so
// `npm start` always serves the current app without a manual build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const root = join(web, '..');
const builtIndex = join(web, 'dist', 'index.html');
const sources = [
  join(web, 'src'),
  join(root, 'core', 'src'),
  join(web, 'index.html'),
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

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
const force = process.argv.includes('--force');

if (!force && builtAt > 0 && builtAt >= sourcesAt) {
  console.log('web: build is up to date');
} else {
  console.log(
    builtAt === 0 ? 'web: no build found, building…' : 'web: sources changed, rebuilding…',
  );
  const run = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error('web: build failed');
    process.exit(run.status ?? 1);
  }
  console.log('web: built');
}
