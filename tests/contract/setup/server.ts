import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer, type ServerConfig } from '@magyarul/local';
import { APP_SUPABASE_DIR } from '../../support/data-template.ts';
import { copyDataTemplate } from '../../support/template-copy/template-copy.ts';
import { startCluster, type Cluster } from './postgres.ts';

// Starts the embedded server for a contract suite on either backend, with the suite's own
// supabase/ folder (its own migrations), so the suites do not depend on the app schema. The
// suites that run against the app's own supabase/ folder start, on PGlite, from a copy of the
// run's migrated template (tests/support/data-template.ts) instead of applying every migration.

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

export type TestServer = RunningServer & { backend: Backend; stop(): Promise<void> };

let databases = 0;

export async function startTestServer(
  backend: Backend,
  supabaseDir: string,
  extra: {
    maxRows?: number;
    autoconfirm?: boolean;
    dbAggregates?: boolean;
    dbTxEnd?: ServerConfig['dbTxEnd'];
  } = {},
): Promise<TestServer> {
  const fromTemplate = backend === 'pglite' && resolve(supabaseDir) === resolve(APP_SUPABASE_DIR);
  const dataDir = fromTemplate
    ? copyDataTemplate('migrated', 'magyarul-contract-')
    : mkdtempSync(join(tmpdir(), 'magyarul-contract-'));
  let cluster: Cluster | null = null;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    cluster = await startCluster();
    databaseUrl = await cluster.createDatabase(`contract_${process.pid}_${databases++}`);
  }
  let server: RunningServer;
  try {
    server = await startServer({
      config: {
        port: 0,
        dataDir,
        supabaseDir,
        ...(databaseUrl ? { databaseUrl } : {}),
        ...(extra.maxRows !== undefined ? { maxRows: extra.maxRows } : {}),
        ...(extra.autoconfirm !== undefined ? { autoconfirm: extra.autoconfirm } : {}),
        ...(extra.dbAggregates !== undefined ? { dbAggregates: extra.dbAggregates } : {}),
        ...(extra.dbTxEnd !== undefined ? { dbTxEnd: extra.dbTxEnd } : {}),
      },
      env: {},
      // A copied template is the server's data directory; the others keep PGlite in memory.
      inMemory: !fromTemplate,
      quiet: true,
      seed: false,
    });
  } catch (error) {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...server,
    backend,
    async stop() {
      await server.close();
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
