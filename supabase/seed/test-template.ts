// Test support for the seed's database tests: a data directory that starts as a copy of the
// run's migrated template (every migration applied, no seed), built once per run by
// tests/support/migrated-template.global.ts (this project's globalSetup) instead of applying
// every migration again in each test file. Not a test file itself.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDataTemplate: string;
  }
}

/** A new directory holding a copy of the migrated template (the caller removes it). */
export function migratedDataDir(prefix: string): string {
  const template = inject('migratedDataTemplate');
  if (!template) throw new Error('no migrated template: see supabase/seed/vitest.config.ts');
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
