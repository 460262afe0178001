import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { FUNCTIONS_DIR, runDeno, type DenoBinary, type RunResult } from './deno.ts';

// Bundling as a deployment does: from supabase/functions alone. Hosted Supabase bundles each
// function from the functions folder it is given (`supabase functions deploy`), so the copy
// holds that folder and nothing beside it: an import that leaves it cannot be found.

export type IsolatedFunctions = {
  /** <tmp>/supabase/functions */
  dir: string;
  remove(): void;
};

/** A fresh <tmp>/supabase/functions holding a copy of supabase/functions and nothing else. */
export function isolatedFunctions(): IsolatedFunctions {
  const root = mkdtempSync(join(tmpdir(), 'magyarul-deploy-'));
  const dir = join(root, 'supabase', 'functions');
  mkdirSync(dir, { recursive: true });
  cpSync(FUNCTIONS_DIR, dir, {
    recursive: true,
    filter: (source) =>
      !['node_modules', '.tsbuild', 'deno.lock', '.env'].includes(basename(source)),
  });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export type Bundle = RunResult & { file: string };

/**
 * `deno bundle` of <functionsDir>/<name>/index.ts with its deno.json into one JavaScript file
 * (npm packages included), written beside the copy so its own folder stays as deployed.
 */
export async function bundleFunction(
  binary: DenoBinary,
  functionsDir: string,
  name: string,
): Promise<Bundle> {
  const file = join(functionsDir, '..', '..', 'bundles', `${name}.js`);
  const result = await runDeno(
    binary,
    [
      'bundle',
      '--config',
      join(name, 'deno.json'),
      '--platform',
      'deno',
      '--output',
      file,
      join(name, 'index.ts'),
    ],
    functionsDir,
  );
  return { ...result, file };
}
