import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const desktop = join(import.meta.dirname, '..');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Builds the studio (electron-vite) when its output is missing or older than its sources, so a
 * benchmark that serves the built renderer runs on a fresh clone.
 */
export function ensureStudioBuilt(): void {
  const marker = join(desktop, 'out', 'renderer', 'index.html');
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest(join(desktop, 'src'))) return;
  console.log('building the studio (electron-vite build) …');
  execFileSync('npx', ['electron-vite', 'build'], {
    cwd: desktop,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
