// Child-process entry for tests that must kill the backend: starts the embedded backend on a
// data dir (and port, to come back at the same URL) and prints its URL and keys as one JSON line.
import { startServer } from '@magyarul/local';

const [dataDir, port] = process.argv.slice(2);
const server = await startServer({
  config: { port: Number(port ?? 0), ...(dataDir ? { dataDir } : {}) },
  seed: false,
  quiet: true,
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, port: server.port, anonKey: server.ctx.keys.anonKey, serviceKey: server.ctx.keys.serviceRoleKey })}\n`,
);
