// The JavaScript a first visit to /preview needs before the landing page can render: the entry
// chunk and every chunk index.html preloads with it (its static imports and the start-up steps
// of src/main.tsx), and the landing route chunk with its imports, gzip-compressed
// (level 9, as a CDN would send it). Read from the Vite build manifest of the production build.
// supabase-js is loaded after the first render and is reported separately. Target ≤ 150 KB.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TARGET_BYTES = 150 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'web', 'dist');

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const build = spawnSync('node', [join(root, 'web/scripts/ensure-build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** A chunk and everything it imports statically (what the browser must fetch with it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function gzipBytes(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk?.file.endsWith('.js')) continue;
    total += gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
  }
  return total;
}

// The page's entry (the service worker, src/offline/service-worker.ts, is an entry too).
const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('.html'));
const landing = Object.keys(manifest).find((k) => k.endsWith('src/routes/landing.tsx'));
const supabase = Object.keys(manifest).find((k) => k.includes('@supabase/supabase-js'));
if (!entry || !landing) {
  console.error('manifest has no entry or landing chunk');
  process.exit(1);
}

/** The chunks index.html loads or preloads with the entry. */
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const preloaded = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].flatMap((m) => {
  const key = byFile.get(m[1] ?? '');
  return key ? [key] : [];
});
const initial = new Set([
  ...closure(entry),
  ...preloaded.flatMap((key) => [...closure(key)]),
  ...closure(landing),
]);
const initialBytes = gzipBytes(initial);
const deferred = supabase
  ? new Set([...closure(supabase)].filter((k) => !initial.has(k)))
  : new Set<string>();
const deferredBytes = gzipBytes(deferred);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

console.log(
  `/preview initial JS (entry + landing route, gzip -9): ${kb(initialBytes)} in ${initial.size} chunks`,
);
for (const key of initial) {
  const chunk = manifest[key];
  if (chunk?.file.endsWith('.js'))
    console.log(
      `  ${chunk.file.padEnd(44)} ${kb(gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length)}`,
    );
}
console.log(`supabase-js, loaded after the first render: ${kb(deferredBytes)}`);
console.log(`initial / target: ${(initialBytes / TARGET_BYTES).toFixed(2)}`);
console.log(
  `${initialBytes <= TARGET_BYTES ? 'PASS' : 'FAIL'}: /preview initial JS ${kb(initialBytes)} (target ≤ ${kb(TARGET_BYTES)})`,
);
process.exit(initialBytes <= TARGET_BYTES ? 0 : 1);
