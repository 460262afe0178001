import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { QueryResult } from '../context.ts';
import { EXECUTE, SYNC, bind, close, concat, parse } from './protocol.ts';
import type { LocalDb, RequestOptions, Statement, Tx } from './types.ts';

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

/** Names for statement texts prepared on the single PGlite connection (bounded). */
export class PreparedStatements {
  #names = new Map<string, string>();
  #next = 0;
  constructor(readonly limit = 2000) {}

  nameFor(sql: string): { name: string; isNew: boolean } {
    const known = this.#names.get(sql);
    if (known) return { name: known, isNew: false };
    if (this.#names.size >= this.limit) return { name: '', isNew: true };
    const name = `magyarul_${this.#next++}`;
    this.#names.set(sql, name);
    return { name, isNew: true };
  }

  forget(name: string): void {
    for (const [sql, n] of this.#names) if (n === name) this.#names.delete(sql);
  }

  clear(): string[] {
    const names = [...this.#names.values()];
    this.#names.clear();
    return names;
  }
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
  const statements = new PreparedStatements();

  type Message = { name: string; fields?: unknown[]; status?: string };

  async function run(parts: Uint8Array[]): Promise<Message[]> {
    // syncToFs is not needed: with a data directory PGlite writes through NODEFS directly to
    // the host files, so every committed transaction survives a killed process.
    const { messages } = await pg.execProtocol(concat([...parts, SYNC]), {
      throwOnError: false,
      syncToFs: false,
    });
    return messages as Message[];
  }

  function step(statement: Statement, fresh: string[]): Uint8Array[] {
    const { name, isNew } = statements.nameFor(statement.sql);
    if (isNew && name !== '') fresh.push(name);
    return [...(isNew ? [parse(name, statement.sql)] : []), bind(name, statement.params), EXECUTE];
  }

  async function request(options: RequestOptions, retried = false): Promise<unknown[][]> {
    const fresh: string[] = [];
    const parts = [
      parse('', options.readOnly ? 'begin read only' : 'begin'),
      bind('', []),
      EXECUTE,
      ...step(options.setup, fresh),
      ...step(options.main, fresh),
      ...(options.commit ? [] : [parse('', 'commit'), bind('', []), EXECUTE]),
    ];
    const messages = await run(parts);
    const error = messages.find((m) => m.name === 'error');
    if (error) {
      // The transaction is aborted (or was never opened): roll it back, and forget statements
      // whose Parse may not have run.
      await run([parse('', 'rollback'), bind('', []), EXECUTE, ...fresh.map((n) => close(n))]);
      for (const n of fresh) statements.forget(n);
      const code = (error as { code?: string }).code;
      if (
        !retried &&
        code === '0A000' &&
        String((error as { message?: string }).message).includes('cached plan')
      ) {
        await run(statements.clear().map((n) => close(n)));
        return request(options, true);
      }
      throw error;
    }
    const rows: unknown[][] = [];
    let completed = 0;
    for (const m of messages) {
      if (m.name === 'commandComplete') completed++;
      else if (m.name === 'dataRow' && completed === 2) rows.push(m.fields ?? []);
    }
    if (options.commit) {
      const done = options.commit(rows) ? 'commit' : 'rollback';
      const end = await run([parse('', done), bind('', []), EXECUTE]);
      const endError = end.find((m) => m.name === 'error');
      if (endError) {
        await run([parse('', 'rollback'), bind('', []), EXECUTE]);
        throw endError;
      }
    }
    return rows;
  }
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
    request: (options) => queue.run(() => request(options)),
    async close() {
      if (closed) return;
      closed = true;
      await queue.run(() => pg.close());
    },
  };
}
