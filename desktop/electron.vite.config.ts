import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const here = import.meta.dirname;

/**
 * core's Hungarian dictionary with morphological fields, copied byte for byte next to the main
 * code (out/main/dictionaries/hu_HU): the spelling thread's analyser reads it there (index.ts),
 * unpacked from the asar archive when packaged (electron-builder.yml).
 */
function analyserDictionary(): Plugin {
  const from = resolve(here, '../core/dictionaries/hu_HU');
  return {
    name: 'magyarul-analyser-dictionary',
    generateBundle() {
      for (const file of ['hu_HU.aff', 'hu_HU.dic', 'README.md']) {
        this.emitFile({
          type: 'asset',
          fileName: `dictionaries/hu_HU/${file}`,
          source: readFileSync(resolve(from, file)),
        });
      }
    },
  };
}

export default defineConfig({
  main: {
    plugins: [analyserDictionary()],
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
