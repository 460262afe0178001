import { openPostgres } from './pg.ts';
import { openPglite } from './pglite.ts';
import type { LocalDb } from './types.ts';

/** PostgreSQL when `databaseUrl` is set, else PGlite persisted in `dataDir/pgdata`. */
export async function openDb(config: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Keep PGlite in memory (tests that need no persistence). */
  inMemory?: boolean;
}): Promise<LocalDb> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.inMemory ? undefined : `${config.dataDir}/pgdata`);
}
