import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Lints source text as if it were a file in core/src, with the repository's real config.
// Type-aware rules are switched off for the probe because the file does not exist on disk.
async function lintCore(code: string, file = 'core/src/probe.ts'): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('core boundary lint rule', () => {
  it.each([
    ["import { app } from 'electron';", 'Electron'],
    ["import { useState } from 'react';", 'React'],
    ["import { createClient } from '@supabase/supabase-js';", 'Supabase'],
    ["import { readFileSync } from 'node:fs';", 'Node'],
    ["import { readFileSync } from 'fs';", 'Node'],
    ["import Database from 'better-sqlite3';", 'better-sqlite3'],
  ])('rejects %s', async (code, what) => {
    const messages = await lintCore(`${code}\nexport const x = 1;\n`);
    expect(messages.some((m) => m.startsWith('no-restricted-imports') && m.includes(what))).toBe(
      true,
    );
  });

  it.each(['window', 'document', 'localStorage', 'navigator', 'process', 'Buffer'])(
    'rejects the platform global %s',
    async (name) => {
      const messages = await lintCore(`export const x = ${name};\n`);
      expect(messages.some((m) => m.startsWith('no-restricted-globals'))).toBe(true);
    },
  );

  it('accepts pure code importing npm domain libraries', async () => {
    const messages = await lintCore(
      "import Papa from 'papaparse';\nimport { fsrs } from 'ts-fsrs';\nexport const x = [Papa, fsrs];\n",
    );
    expect(messages).toEqual([]);
  });

  it('does not apply the rule outside core', async () => {
    const messages = await lintCore(
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'supabase/local/src/probe.ts',
    );
    expect(messages).toEqual([]);
  });
});
