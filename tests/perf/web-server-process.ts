// The embedded backend for the web benchmarks in a process of its own (see web-server.ts): prints
// its URL as one JSON line and closes on SIGTERM.
import { startInThisProcess } from './web-server.ts';

const server = await startInThisProcess();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
