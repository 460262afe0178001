// Shared by the web benchmarks: the production build served by the embedded backend on a
// fresh in-memory database with the demo seed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@magyarul/local';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type WebServer = { url: string; close: () => Promise<void> };

export async function startWebServer(): Promise<WebServer> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const build = spawnSync('node', [join(root, 'web/scripts/ensure-build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'magyarul-bench-web-'));
  const server = await startServer({
    config: { port: 0, dataDir },
    env: { NODE_ENV: 'development' },
    inMemory: true,
    quiet: true,
  });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
