import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { EXECUTE, SYNC, bind, close, concat, parse } from './protocol.ts';
import { SET_CONSTRAINTS_IMMEDIATE } from './types.ts';

// The PGlite connection as it runs inside the database thread (pglite-worker.ts): plain
// queries and scripts, and a REST request pipelined into one protocol round trip. Nothing here
// knows about threads; pglite.ts is the other side. Written with erasable TypeScript only
// (no enums, no parameter properties): the thread may load it with Node's type stripping.

export type Statement = { sql: string; params: unknown[] };

export type Field = { name: string; dataTypeID: number };

export type QueryOutcome = { rows: unknown[]; affectedRows: number; fields: Field[] };

export type RequestCall = {
  readOnly: boolean;
  setup: Statement;
  main: Statement;
  /** Leave the transaction open for finish(): the caller decides COMMIT or ROLLBACK. */
  decide: boolean;
  /** End in ROLLBACK after checking deferred constraints (RequestOptions.rollback). */
  rollback?: boolean;
};

type Message = { name: string; fields?: unknown[]; code?: string; message?: string };

/** Names for statement texts prepared on the single PGlite connection (bounded). */
export class PreparedStatements {
  #names = new Map<string, string>();
  #next = 0;
  readonly limit: number;

  constructor(limit = 2000) {
    this.limit = limit;
  }

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

/** What Postgres answers for SQL text with a NUL byte (PGlite would break the protocol). */
function nulByteError(): Error {
  return Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code: '22021',
  });
}

function checkText(sql: string): void {
  if (sql.includes('\0')) throw nulByteError();
}

export type Session = {
  query(sql: string, params?: unknown[]): Promise<QueryOutcome>;
  exec(sql: string): Promise<void>;
  request(call: RequestCall): Promise<unknown[][]>;
  finish(commit: boolean): Promise<void>;
  close(): Promise<void>;
};

export async function openSession(
  dataDir: string,
  options: { warm?: boolean } = {},
): Promise<Session> {
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir, extensions: { pgcrypto, uuid_ossp } });
  await pg.exec(
    'create schema if not exists extensions; ' +
      'create extension if not exists pgcrypto with schema extensions; ' +
      'create extension if not exists "uuid-ossp" with schema extensions;',
  );
  // The session state the server sets once after migrations; a restarted thread needs it too.
  await pg.exec(`select set_config('search_path', '"$user", public, extensions', false)`);
  if (options.warm) {
    // A thread replacing a killed one starts on a backend just out of crash recovery, whose
    // catalog caches are empty: fill them here, before the queued calls and their deadlines.
    await pg.exec(
      'select count(*) from pg_class c join pg_attribute a on a.attrelid = c.oid; ' +
        'select count(*) from pg_policy; select count(*) from pg_proc;',
    );
  }
  const statements = new PreparedStatements();

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

  async function request(call: RequestCall, retried = false): Promise<unknown[][]> {
    checkText(call.setup.sql);
    checkText(call.main.sql);
    const fresh: string[] = [];
    const parts = [
      parse('', call.readOnly ? 'begin read only' : 'begin'),
      bind('', []),
      EXECUTE,
      ...step(call.setup, fresh),
      ...step(call.main, fresh),
      ...(call.rollback
        ? [
            parse('', SET_CONSTRAINTS_IMMEDIATE),
            bind('', []),
            EXECUTE,
            parse('', 'rollback'),
            bind('', []),
            EXECUTE,
          ]
        : call.decide
          ? []
          : [parse('', 'commit'), bind('', []), EXECUTE]),
    ];
    const messages = await run(parts);
    const error = messages.find((m) => m.name === 'error');
    if (error) {
      // The transaction is aborted (or was never opened): roll it back, and forget statements
      // whose Parse may not have run.
      await run([parse('', 'rollback'), bind('', []), EXECUTE, ...fresh.map((n) => close(n))]);
      for (const n of fresh) statements.forget(n);
      if (!retried && error.code === '0A000' && String(error.message).includes('cached plan')) {
        await run(statements.clear().map((n) => close(n)));
        return request(call, true);
      }
      throw error;
    }
    const rows: unknown[][] = [];
    let completed = 0;
    for (const m of messages) {
      if (m.name === 'commandComplete') completed++;
      else if (m.name === 'dataRow' && completed === 2) rows.push(m.fields ?? []);
    }
    return rows;
  }

  async function finish(commit: boolean): Promise<void> {
    const end = await run([parse('', commit ? 'commit' : 'rollback'), bind('', []), EXECUTE]);
    const endError = end.find((m) => m.name === 'error');
    if (endError) {
      await run([parse('', 'rollback'), bind('', []), EXECUTE]);
      throw endError;
    }
  }

  return {
    async query(sql, params) {
      checkText(sql);
      const res = await pg.query(sql, params);
      return {
        rows: res.rows,
        affectedRows: res.affectedRows ?? 0,
        fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql) {
      checkText(sql);
      await pg.exec(sql);
    },
    request: (call) => request(call),
    finish,
    close: () => pg.close(),
  };
}
