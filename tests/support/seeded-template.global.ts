// globalSetup: one data directory with the app's migrations and demo seed for the whole run
// (see data-template.ts); tests read its path with inject('seededDataTemplate').
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildDataTemplate } from './data-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await buildDataTemplate('seeded');
  project.provide('seededDataTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
