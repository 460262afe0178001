import type { LocalDb } from './types.ts';

// Planner statistics for PGlite. PostgreSQL's autovacuum keeps them current; PGlite runs no
// background workers, so without this its tables are never analysed and the planner's row
// estimates (which the embed cost ceiling of rest/bounds.ts relies on) stay guesses. The whole
// database is analysed at boot; afterwards, when something was written, the public tables are
// analysed one at a time (each a short call, so requests interleave with them).

export type StatisticsKeeper = {
  /** Something may have changed rows. */
  touched(): void;
  stop(): void;
};

export async function analyzeAll(db: LocalDb): Promise<void> {
  await db.exec('analyze');
}

export async function analyzePublicTables(db: LocalDb): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  for (const { name } of tables.rows) await db.exec(`analyze ${name}`);
}

export function keepStatistics(db: LocalDb, intervalMs = 5 * 60_000): StatisticsKeeper {
  let dirty = false;
  let running = false;
  const timer = setInterval(() => {
    if (!dirty || running) return;
    dirty = false;
    running = true;
    analyzePublicTables(db)
      .catch((error: unknown) => {
        dirty = true;
        console.error('analyze failed:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    touched() {
      dirty = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
