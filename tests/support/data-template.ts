// Data directories that start where a fresh one ends after its first boot. Applying every
// migration (and the demo seed) to PGlite takes 10-20 s on a loaded two-core machine, and most
// suites boot the embedded server many times only to get that same starting point. So a
// suite's globalSetup boots the real server once on a fresh directory (`buildDataTemplate`:
// the migrations and the seed run there, and a failure fails the suite), and each test server
// then starts on its own copy (template-copy.ts), where the server finds the migrations
// applied and the seed done. The copy has no JWT secret: each server makes its own keys, as on
// a fresh directory. Tests about the first boot itself keep using fresh directories.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@magyarul/local';
import type { TemplateKind } from './template-copy/template-copy.ts';

export const APP_SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));

/** Boots the app's server on a fresh directory (migrations; the demo seed when `seeded`). */
export async function buildDataTemplate(kind: TemplateKind): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `magyarul-template-${kind}-`));
  try {
    const server = await startServer({
      config: { port: 0, dataDir, supabaseDir: APP_SUPABASE_DIR },
      env: {},
      quiet: true,
      seed: kind === 'seeded',
    });
    await server.close();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  rmSync(join(dataDir, 'jwt-secret'), { force: true });
  return dataDir;
}
