import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(here, 'src/main/index.ts'),
          'import-worker': resolve(here, 'src/main/services/importer/import-worker.ts'),
          'align-worker': resolve(here, 'src/main/services/align/align-worker.ts'),
          'spell-worker': resolve(here, 'src/main/services/spelling/spell-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src/renderer'),
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(here, 'src/renderer/index.html') } },
    },
  },
});
