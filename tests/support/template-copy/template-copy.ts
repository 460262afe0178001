// A test's own data directory, started as a copy of the run's data template (built once per
// run by tests/support/{migrated,seeded}-template.global.ts; see data-template.ts). The copy
// never writes into the template other tests start from. Kept apart from data-template.ts so
// that test files copy a template without loading the embedded server.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDataTemplate: string;
    seededDataTemplate: string;
  }
}

export type TemplateKind = 'seeded' | 'migrated';

/** The template's directory, or undefined when the project lists no globalSetup for it. */
function templateDir(kind: TemplateKind): string | undefined {
  return inject(kind === 'seeded' ? 'seededDataTemplate' : 'migratedDataTemplate') || undefined;
}

/** Copies the template into `dataDir` (new or empty); false when there is none. */
export function copyDataTemplateInto(kind: TemplateKind, dataDir: string): boolean {
  const template = templateDir(kind);
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/** A fresh directory holding a copy of the template (the caller removes it). */
export function copyDataTemplate(kind: TemplateKind, prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  if (!copyDataTemplateInto(kind, dataDir)) {
    throw new Error(`no ${kind} data template: the suite config must list its globalSetup`);
  }
  return dataDir;
}
