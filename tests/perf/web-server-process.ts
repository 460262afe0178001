// The embedded backend for the web benchmarks in a process of its own (see web-server.ts): prints
// its URL as one JSON line and closes on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@magyarul/local';

const dataDir = mkdtempSync(join(tmpdir(), 'magyarul-bench-web-'));
const server = await startServer({
  config: { port: 0, dataDir },
  env: { NODE_ENV: 'development' },
  inMemory: true,
  quiet: true,
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
