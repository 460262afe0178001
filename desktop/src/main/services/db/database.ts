import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';

type Param = string | number | bigint | Buffer | Uint8Array | null;
export type Params = readonly Param[];

/** The one thin wrapper every repository goes through. */
export type Db = {
  run(sql: string, params?: Params): { changes: number; lastInsertRowid: number };
  all<T>(sql: string, params?: Params): T[];
  first<T>(sql: string, params?: Params): T | undefined;
  transaction<T>(fn: () => T): T;
  close(): void;
  readonly file: string;
};

function applyMigrations(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  );
  MIGRATIONS.forEach((migration, index) => {
    const version = index + 1;
    if (applied.has(version)) return;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        version,
        migration.name,
        new Date().toISOString(),
      );
    })();
  });
}

/** Opens (or creates) the drafts database: WAL, foreign keys on, migrations applied. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  // The import worker and the main thread write to the same file; wait instead of failing.
  db.pragma('busy_timeout = 10000');
  applyMigrations(db);
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  return {
    file,
    run(sql, params = []) {
      const result = prepare(sql).run(...params);
      return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
    },
    all<T>(sql: string, params: Params = []) {
      return prepare(sql).all(...params) as T[];
    },
    first<T>(sql: string, params: Params = []) {
      return prepare(sql).get(...params) as T | undefined;
    },
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
    close() {
      db.close();
    },
  };
}
