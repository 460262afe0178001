import pg from 'pg';
import type { QueryResult } from '../context.ts';
import {
  type LocalDb,
  type RequestOptions,
  SET_CONSTRAINTS_IMMEDIATE,
  type TransactionOptions,
  type Tx,
} from './types.ts';

// A real PostgreSQL through a pg Pool: each transaction gets its own client.

function wrap(client: pg.Pool | pg.PoolClient): Tx {
  return {
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const res = await client.query(sql, params);
      return {
        rows: res.rows as T[],
        affectedRows: res.rowCount ?? 0,
        fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
  };
}

/**
 * Runs `fn` in a transaction on its own pooled client and commits (or, when `fn` says so, rolls
 * back); an error rolls back, and a client whose rollback failed is discarded, not reused.
 */
async function inTransaction<T>(
  pool: pg.Pool,
  readOnly: boolean | undefined,
  fn: (client: pg.PoolClient) => Promise<{ value: T; commit: boolean }>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(readOnly ? 'begin read only' : 'begin');
    try {
      const { value, commit } = await fn(client);
      await client.query(commit ? 'commit' : 'rollback');
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

// Return timestamps, dates, json and bigints as Postgres prints them (like PGlite's text mode
// would): the REST layer builds JSON in SQL, so these only matter for internal queries.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 1184 || oid === 1114 || oid === 1082
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format),
};

export async function openPostgres(databaseUrl: string, max = 10): Promise<LocalDb> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    types,
    options: '-c search_path="$user",public,extensions',
  });
  pool.on('error', (error) => console.error('postgres pool error:', error.message));
  const probe = await pool.connect();
  try {
    await probe.query(
      'create schema if not exists extensions; ' +
        'create extension if not exists pgcrypto with schema extensions; ' +
        'create extension if not exists "uuid-ossp" with schema extensions;',
    );
  } finally {
    probe.release();
  }
  const direct = wrap(pool);
  let closed = false;
  // node-postgres prepares a named statement once per connection and reuses it.
  const names = new Map<string, string>();
  const nameFor = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (!name && names.size < 2000) {
      name = `magyarul_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };

  function request(options: RequestOptions): Promise<unknown[][]> {
    return inTransaction(pool, options.readOnly, async (client) => {
      const setupName = nameFor(options.setup.sql);
      await client.query({
        text: options.setup.sql,
        values: options.setup.params,
        ...(setupName ? { name: setupName } : {}),
      });
      const mainName = nameFor(options.main.sql);
      const result = await client.query<unknown[]>({
        text: options.main.sql,
        values: options.main.params,
        rowMode: 'array',
        ...(mainName ? { name: mainName } : {}),
      });
      if (options.rollback) {
        await client.query(SET_CONSTRAINTS_IMMEDIATE);
        return { value: result.rows, commit: false };
      }
      const keep = options.commit ? options.commit(result.rows) : true;
      return { value: result.rows, commit: keep };
    });
  }
  return {
    kind: 'postgres',
    query: (sql, params) => direct.query(sql, params),
    exec: (sql) => direct.exec(sql),
    // timeoutMs needs nothing here: callers set statement_timeout in the transaction's SQL.
    transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions) {
      return inTransaction(pool, options?.readOnly, async (client) => ({
        value: await fn(wrap(client)),
        commit: true,
      }));
    },
    request,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
