// Shared by the web benchmarks: the production build served by the embedded backend on a
// fresh in-memory database with the demo seed, in this process or in a process of its own.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
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

export async function startWebServer(options: { ownProcess?: boolean } = {}): Promise<WebServer> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const build = spawnSync('node', [join(root, 'web/scripts/ensure-build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
  return options.ownProcess ? startInOwnProcess() : startInThisProcess();
}

/** The embedded backend on a fresh in-memory database with the demo seed, in this process. */
export async function startInThisProcess(): Promise<WebServer> {
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

/**
 * The same server in a child process at a lower CPU priority (nice 10). A learner's phone talks to
 * a backend on another machine; here the backend shares the two cores with Chromium, and its
 * 100-250 ms of CPU per dashboard load (PGlite, JSON, TLS-free HTTP) ran in Lighthouse's own
 * process, between and during the page's main-thread tasks that Total Blocking Time adds up.
 */
async function startInOwnProcess(): Promise<WebServer> {
  const child = spawn(
    'nice',
    [
      '-n',
      '10',
      process.execPath,
      // e.g. "--cpu-prof --cpu-prof-dir=/tmp/server-profile" to see where the server's time goes
      ...(process.env.MAGYARUL_BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      fileURLToPath(new URL('web-server-process.ts', import.meta.url)),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`web server exited with ${code}`)));
  });
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
