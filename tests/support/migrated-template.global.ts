// globalSetup: one data directory with the app's migrations and no seed for the whole run
// (see data-template.ts); tests read its path with inject('migratedDataTemplate').
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildDataTemplate } from './data-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDataTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await buildDataTemplate('migrated');
  project.provide('migratedDataTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
