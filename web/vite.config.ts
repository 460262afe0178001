import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies every backend path to the embedded server so the app runs on one
// origin in development exactly as under `npm start`.
const backend = process.env.MAGYARUL_BACKEND_URL ?? 'http://127.0.0.1:54321';
// Only the API prefixes: a bare '/auth' is also the app's sign-in route.
const proxied = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/_dev'];

/**
 * The review editor's spelling thread and the Hungarian dictionary it fetches (issue 28 point 7):
 * admin-only and 4 MB, so the service worker does not store them for every learner.
 */
const SPELLING_ASSET = /^assets\/(spell-worker|hu-dictionary|hu-analyser)-/;
// npm `dictionary-hu` exports only its Node entry (which reads the files with node:fs); the
// browser takes the two files themselves as assets of the build.
const dictionaryHu = dirname(fileURLToPath(import.meta.resolve('dictionary-hu')));
const huMorphology = fileURLToPath(new URL('../core/dictionaries/hu_HU', import.meta.url));
// npm `hunspell-asm`'s ES build takes its Emscripten runtime (a CommonJS function) with
// `import * as`, which a bundler hands over as a namespace object, not the function; its
// CommonJS build, the one the studio runs in Node, `require`s it (the package's browser field
// still swaps in the browser runtime).
// (Node's resolution, which knows no "module" field, gives exactly that build.)
const hunspellAsm = fileURLToPath(import.meta.resolve('hunspell-asm'));

/** Files in web/public the service worker stores with the build (the install manifest). */
const PUBLIC_SHELL = [
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

/**
 * The service worker (src/offline/service-worker.ts) is its own entry, written to /sw.js (its
 * scope is the whole app); this fills in the list of files it stores at install and a version
 * made from that list, so every new build installs a new worker that drops the old files.
 */
function serviceWorker(): Plugin {
  return {
    name: 'magyarul-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk') throw new Error('the service worker entry was not built');
      const files = Object.keys(bundle)
        .filter(
          (name) =>
            name.startsWith('assets/') && !name.endsWith('.map') && !SPELLING_ASSET.test(name),
        )
        .sort()
        .map((name) => `/${name}`);
      const precache = [...files, ...PUBLIC_SHELL];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      sw.code = sw.code
        .replaceAll('__MAGYARUL_PRECACHE__', JSON.stringify(precache))
        .replaceAll('__MAGYARUL_VERSION__', JSON.stringify(version));
    },
  };
}

/**
 * Marks the JavaScript the first screen runs (the entry and the chunks it imports) for eager
 * compilation: Chromium (136+) then compiles it while it streams in, on a background thread,
 * instead of on the main thread the first time each function runs, which on a phone is long
 * blocking tasks while the app starts. Other browsers ignore the comment.
 */
function compileHints(): Plugin {
  return {
    name: 'magyarul-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.name === 'index',
      );
      if (!entry || entry.type !== 'chunk') return;
      for (const name of [entry.fileName, ...entry.imports, ...startupChunks(bundle, entry)]) {
        const chunk = bundle[name];
        if (chunk?.type === 'chunk') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

/**
 * The chunks the entry (src/main.tsx) imports dynamically to start in steps, with everything
 * they import: index.html preloads them beside the entry's own imports, so the steps do not wait
 * for the network one after the other.
 */
function startupChunks(
  bundle: Record<string, { type: string }>,
  entry: Rollup.OutputChunk,
): string[] {
  const seen = new Set<string>([entry.fileName, ...entry.imports]);
  const files: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle[name] as Rollup.OutputChunk | undefined;
    if (chunk?.type !== 'chunk') return;
    files.push(name);
    chunk.imports.forEach(visit);
  };
  entry.dynamicImports.forEach(visit);
  return files;
}

function preloadStartup(): Plugin {
  return {
    name: 'magyarul-preload-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return [];
        return startupChunks(ctx.bundle, ctx.chunk).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker(), compileHints(), preloadStartup()],
  resolve: {
    alias: [
      { find: /^@dictionary-hu\//, replacement: `${dictionaryHu}/` },
      // Debian's hunspell-hu with the morphological fields (the review editor's analyser).
      { find: /^@hu-morphology\//, replacement: `${huMorphology}/` },
      { find: /^hunspell-asm$/, replacement: hunspellAsm },
    ],
  },
  worker: {
    format: 'es',
    rollupOptions: {
      output: {
        assetFileNames: (asset) =>
          /\.(aff|dic)$/.test(asset.names[0] ?? '')
            ? 'assets/hu-dictionary-[hash][extname]'
            : /\.wasm$/.test(asset.names[0] ?? '')
              ? 'assets/hu-analyser-[hash][extname]'
              : 'assets/[name]-[hash][extname]',
        // The thread's own chunks (hunspell-wasm's runtime) share its name: served with its CSP,
        // not precached for learners.
        chunkFileNames: 'assets/spell-worker-[name]-[hash].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: backend, changeOrigin: true }]),
    ),
  },
  build: {
    // A page loaded on demand (a route, the admin area) brings its stylesheet before it shows; its
    // JavaScript imports load as the browser meets them. Vite's default also adds a preload link
    // per imported chunk when the page is requested: a dozen and more DOM insertions and fetch
    // starts in the task that renders the page, one of the longest of a phone's page load.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by tests/perf/web-preview.bench.ts to measure what /preview loads first.
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: { index: 'index.html', sw: 'src/offline/service-worker.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
