import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies every backend path to the embedded server so the app runs on one
// origin in development exactly as under `npm start`.
const backend = process.env.MAGYARUL_BACKEND_URL ?? 'http://127.0.0.1:54321';
// Only the API prefixes: a bare '/auth' is also the app's sign-in route.
const proxied = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/_dev'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: backend, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by tests/perf/web-preview.bench.ts to measure what /preview loads first.
    manifest: true,
    target: 'es2022',
  },
});
