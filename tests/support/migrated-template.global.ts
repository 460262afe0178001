// globalSetup: one data directory with the app's migrations and no seed for the whole run
// (see data-template.ts); tests copy it with template-copy.ts, which declares the key provided
// here. Several projects of one run (the unit suite's functions and desktop) list this file:
// they share one directory, built by the first and removed after the last.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildDataTemplate } from './data-template.ts';
import type {} from './template-copy/template-copy.ts';

const KEY = Symbol.for('magyarul.migratedDataTemplate');
type Shared = { dir: Promise<string>; users: number };
const registry = globalThis as unknown as Record<typeof KEY, Shared | undefined>;

export default async function setup(project: TestProject): Promise<() => void> {
  const shared = (registry[KEY] ??= { dir: buildDataTemplate('migrated'), users: 0 });
  shared.users += 1;
  const dir = await shared.dir;
  project.provide('migratedDataTemplate', dir);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry[KEY] = undefined;
    rmSync(dir, { recursive: true, force: true });
  };
}
