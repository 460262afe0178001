import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/types/database.ts';
import { copyDataTemplateInto } from '../../../tests/support/template-copy/template-copy.ts';

export type Backend = {
  readonly url: string;
  readonly port: number;
  readonly anonKey: string;
  readonly serviceKey: string;
  readonly child: ChildProcess;
  /** SIGKILL: no shutdown, no flushing — a crash. */
  kill(): Promise<void>;
};

/**
 * Starts the embedded backend (@magyarul/local) in a child process on `dataDir`. A `dataDir`
 * that does not exist yet starts as a copy of the run's migrated template when the project
 * provides one (what a first boot would leave there, without applying every migration again);
 * an existing one is the backend's own, coming back after a kill.
 */
export function startBackendProcess(dataDir: string, port = 0): Promise<Backend> {
  // The template is tests/support/migrated-template.global.ts's, which the unit suite's desktop
  // project lists as globalSetup: every migration applied, no seed.
  if (!existsSync(dataDir)) copyDataTemplateInto('migrated', dataDir);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./backend-process.ts', import.meta.url).pathname,
      dataDir,
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('backend did not start in 90 s')), 90_000);
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}`)));
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const info = JSON.parse(line) as Omit<Backend, 'child' | 'kill'>;
      resolve({
        ...info,
        child,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** A service-role client of `backend` that keeps no session. */
export function serviceClient(backend: Backend): SupabaseClient<Database> {
  return createClient<Database>(backend.url, backend.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** Creates a confirmed account on `backend`, made an admin when `admin` is true; returns its id. */
export async function createAccount(
  backend: Backend,
  account: { readonly email: string; readonly password: string },
  admin: boolean,
): Promise<string> {
  const service = serviceClient(backend);
  const { data, error } = await service.auth.admin.createUser({ ...account, email_confirm: true });
  if (error) throw error;
  if (admin) {
    const role = await service
      .from('user_roles')
      .upsert({ user_id: data.user.id, role: 'admin' }, { onConflict: 'user_id' });
    if (role.error) throw role.error;
  }
  return data.user.id;
}
