// Loads the built sandboxed preload (CommonJS) with `electron` swapped for the fake, calls
// every exposed function once and prints the channel each one invoked.
import Module, { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
const fake = load('./electron.cjs');
const originalLoad = Module._load;
Module._load = function hooked(request, parent, isMain) {
  if (request === 'electron') return fake;
  return originalLoad.call(this, request, parent, isMain);
};
load(process.argv[2]);
const record = globalThis.__fakeElectron;
const exposedKeys = Object.keys(record.exposed);
const calls = {};
for (const [name, fn] of Object.entries(record.exposed.studio)) {
  if (name.startsWith('on')) {
    calls[name] = typeof fn(() => undefined);
    continue;
  }
  const before = record.invoked.length;
  await fn(1, {});
  calls[name] = record.invoked[before]?.channel ?? null;
}
process.stdout.write(JSON.stringify({ exposedKeys, calls }));
