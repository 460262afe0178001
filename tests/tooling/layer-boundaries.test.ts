import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layer rules of DESIGN §1 and §11 (eslint.config.js, scripts/eslint-layers.mjs) with the
// repository's real config: source text linted as if it were a file of each layer.

const root = fileURLToPath(new URL('../..', import.meta.url));

async function lint(file: string, code: string): Promise<string[]> {
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
  const [result] = await eslint.lintText(`${code}\nexport const probe = x;\n`, {
    filePath: `${root}${file}`,
  });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const refused = (messages: string[]) =>
  messages.filter((m) => /^(layers\/imports|no-restricted-imports):/.test(m));

describe('layer boundaries', () => {
  it.each([
    ['web/src/lib/probe.ts', "import x from '../../../desktop/src/shared/model.ts';"],
    ['web/src/lib/probe.ts', "import x from '@magyarul/local';"],
    ['desktop/src/main/probe.ts', "import x from '../renderer/app.tsx';"],
    ['desktop/src/main/probe.ts', "import x from '../../../web/src/lib/language.ts';"],
    ['desktop/src/main/probe.ts', "import x from 'react';"],
    ['desktop/src/renderer/probe.ts', "import x from '../main/services/studio.ts';"],
    ['desktop/src/renderer/probe.ts', "import x from 'node:fs';"],
    ['desktop/src/renderer/probe.ts', "import x from 'electron';"],
    ['desktop/src/renderer/probe.ts', "import x from '@supabase/supabase-js';"],
    ['desktop/src/preload/probe.ts', "import x from '../main/services/studio.ts';"],
    ['desktop/src/shared/probe.ts', "import x from 'node:path';"],
    ['supabase/functions/probe/handler.ts', "import x from '../../../core/src/index.ts';"],
    ['supabase/functions/probe/handler.ts', "import x from '../../types/database.ts';"],
    ['supabase/functions/probe/handler.ts', "import x from '@magyarul/core';"],
    ['supabase/functions/probe/handler.ts', "import x from 'node:fs';"],
    ['core/src/probe.ts', "import x from '../../web/src/lib/language.ts';"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(refused(await lint(file, code))).not.toEqual([]);
  });

  it.each([
    ['web/src/lib/probe.ts', "import x from '@magyarul/core/enums';"],
    ['desktop/src/main/probe.ts', "import x from '../shared/model.ts';"],
    ['desktop/src/renderer/probe.ts', "import x from '../shared/model.ts';"],
    ['desktop/src/preload/probe.ts', "import x from 'electron';"],
    ['supabase/functions/probe/handler.ts', "import x from '../_shared/core/index.ts';"],
    ['supabase/functions/_shared/core/files/probe.ts', "import x from '../../database.ts';"],
    ['core/src/probe.ts', "import x from '../../supabase/types/database.ts';"],
  ])('accepts in %s: %s', async (file, code) => {
    expect(refused(await lint(file, code))).toEqual([]);
  });
});
