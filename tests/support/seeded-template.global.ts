// globalSetup: one data directory with the app's migrations and demo seed for the whole run
// (see data-template.ts); tests copy it with template-copy.ts, which declares the key provided
// here.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildDataTemplate } from './data-template.ts';
import type {} from './template-copy/template-copy.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await buildDataTemplate('seeded');
  project.provide('seededDataTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
