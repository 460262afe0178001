import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { QueryResult } from '../context.ts';
import type { LocalDb, Tx } from './types.ts';

// PGlite is one Postgres backend in WASM: a single connection. Every transaction (and every
// statement outside one) goes through one promise queue so requests never interleave.

type Task<T> = () => Promise<T>;

export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: Task<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

function wrap(pg: PGlite): Tx {
  return {
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const res = await pg.query<T>(sql, params);
      return {
        rows: res.rows,
        affectedRows: res.affectedRows ?? 0,
        fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<LocalDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pgcrypto, uuid_ossp },
  });
  await pg.exec(
    'create schema if not exists extensions; ' +
      'create extension if not exists pgcrypto with schema extensions; ' +
      'create extension if not exists "uuid-ossp" with schema extensions;',
  );
  const queue = new SerialQueue();
  const inner = wrap(pg);
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params) => queue.run(() => inner.query(sql, params)),
    exec: (sql) => queue.run(() => inner.exec(sql)),
    transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { readOnly?: boolean }) {
      return queue.run(async () => {
        await pg.query(options?.readOnly ? 'begin read only' : 'begin');
        let result: T;
        try {
          result = await fn(inner);
        } catch (error) {
          await pg.query('rollback');
          throw error;
        }
        await pg.query('commit');
        return result;
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue.run(() => pg.close());
    },
  };
}
