import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@magyarul/local';
import { startCluster, type Cluster } from './postgres.ts';

// Starts the embedded server for a contract suite on either backend, with the suite's own
// supabase/ folder (its own migrations), so the suites do not depend on the app schema.

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

export type TestServer = RunningServer & { backend: Backend; stop(): Promise<void> };

let databases = 0;

export async function startTestServer(
  backend: Backend,
  supabaseDir: string,
  extra: { maxRows?: number; autoconfirm?: boolean; dbAggregates?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'magyarul-contract-'));
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
      },
      env: {},
      inMemory: true,
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
