// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import { layers } from './scripts/eslint-layers.mjs';

// core is pure domain logic: it must run unchanged in the browser, in Electron's main process,
// in Deno edge functions and in Node. Platform code reaches it through ports, never imports.
const coreForbiddenImports = {
  patterns: [
    { group: ['electron', 'electron/*'], message: 'core must not import Electron.' },
    {
      group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      message: 'core must not import React.',
    },
    { group: ['@supabase/*'], message: 'core must not import Supabase clients.' },
    { group: ['node:*'], message: 'core must not import Node modules; declare a port instead.' },
    { group: ['better-sqlite3'], message: 'core must not import better-sqlite3.' },
    {
      group: [
        'fs',
        'fs/*',
        'path',
        'os',
        'crypto',
        'child_process',
        'http',
        'https',
        'url',
        'util',
        'stream',
        'buffer',
        'events',
        'worker_threads',
      ],
      message: 'core must not import Node modules; declare a port instead.',
    },
  ],
};
const coreForbiddenGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'HTMLElement',
  'Element',
  'Node',
  'alert',
  'confirm',
  'prompt',
  'File',
  'FileReader',
  'Blob',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
].map((name) => ({ name, message: `core must not use the platform global '${name}'.` }));

// Tests, benchmarks and test configs reach across layers to set things up; layers are the rest.
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.bench.ts', '**/vitest.config.ts'];
const nodeModules = {
  group: ['node:*', ...builtinModules.filter((m) => !m.startsWith('_'))],
  message: 'Node is not there: use Web APIs, or the main process through window.studio.',
};
const react = {
  group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
  message: 'React belongs to the renderer and the web app.',
};
const electron = {
  group: ['electron', 'electron/*'],
  message: 'Electron belongs to the studio shell (main and preload).',
};
const sqlite = { group: ['better-sqlite3'], message: 'The drafts database belongs to main.' };

/** One layer of DESIGN §1: where its (non-test) files may import from. */
function layer(files, options, packages = []) {
  return {
    files,
    ignores: TESTS,
    plugins: { layers },
    rules: {
      'layers/imports': ['error', options],
      ...(packages.length > 0
        ? { 'no-restricted-imports': ['error', { patterns: packages }] }
        : {}),
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      '**/coverage/**',
      '**/.tsbuild/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: [
      'web/src/**/*.{ts,tsx}',
      'desktop/src/renderer/**/*.{ts,tsx}',
      'desktop/src/preload/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/**/*.test.ts', 'core/src/**/*.bench.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', coreForbiddenImports],
      'no-restricted-globals': ['error', ...coreForbiddenGlobals],
    },
  },
  {
    // What deploys to hosted Supabase stands alone: no edge function (nor its tests) reaches into
    // the embedded backend's source (issue 15). The layer rule below keeps the deployed files
    // inside supabase/functions.
    files: ['supabase/functions/**/*.test.ts', 'supabase/functions/vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/local/**', '@magyarul/local', '@magyarul/local/*'],
              message: 'Edge functions must not import the embedded backend (supabase/local).',
            },
          ],
        },
      ],
    },
  },
  // The layers (DESIGN §1 and §11). core's npm rules are above; its paths are here.
  layer(['core/src/**/*.ts'], {
    layer: 'core',
    allow: ['core/src', 'supabase/types'],
    why: 'core is pure domain logic; its only outside source is the generated schema types.',
  }),
  layer(['web/src/**/*.{ts,tsx}'], {
    layer: 'The web app',
    deny: ['desktop', 'supabase/local', 'supabase/functions', 'supabase/seed', 'tests'],
    why: 'It shares with the studio only what core holds and talks to the backend over HTTP.',
  }),
  layer(
    ['desktop/src/main/**/*.ts'],
    {
      layer: "The studio's main process",
      deny: [
        'web',
        'desktop/src/renderer',
        'desktop/src/preload',
        'desktop/test',
        'supabase/local',
        'supabase/functions',
        'tests',
      ],
      why: 'It serves the renderer over IPC (src/shared/ipc.ts) and the server over HTTP.',
    },
    [react],
  ),
  layer(
    ['desktop/src/renderer/**/*.{ts,tsx}'],
    {
      layer: "The studio's renderer",
      deny: ['web', 'desktop/src/main', 'desktop/src/preload', 'desktop/test', 'supabase', 'tests'],
      why: 'It reaches the services only through window.studio (src/shared/ipc.ts).',
    },
    [
      electron,
      nodeModules,
      sqlite,
      { group: ['@supabase/*'], message: 'Publishing runs in main.' },
    ],
  ),
  layer(
    ['desktop/src/preload/**/*.ts'],
    {
      layer: "The studio's preload",
      allow: ['desktop/src/preload', 'desktop/src/shared'],
      why: 'It exposes window.studio, typed by src/shared/ipc.ts, and nothing else.',
    },
    [react, sqlite],
  ),
  layer(
    ['desktop/src/shared/**/*.ts'],
    {
      layer: "The studio's shared contract",
      deny: ['desktop/src/main', 'desktop/src/renderer', 'desktop/src/preload', 'web', 'supabase'],
      why: 'Main, preload and renderer all import it.',
    },
    [electron, react, nodeModules, sqlite],
  ),
  layer(
    ['supabase/functions/**/*.ts'],
    {
      layer: 'An edge function',
      allow: ['supabase/functions'],
      why: 'Hosted Supabase bundles it from supabase/functions alone (DESIGN §11); core and the schema types reach it as the generated copies in _shared.',
    },
    [nodeModules],
  ),
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
