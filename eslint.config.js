// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
    // the embedded backend's source (issue 15). Shared types come from supabase/types.
    files: ['supabase/functions/**/*.ts'],
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
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
