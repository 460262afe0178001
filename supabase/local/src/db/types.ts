import type { Db, Queryable } from '../context.ts';

/** A transaction handle: parameterised queries plus multi-statement scripts (migrations). */
export type Tx = Queryable & { exec(sql: string): Promise<void> };

/** The Db every part of the server gets; `transaction` hands out a Tx (a Queryable). */
export type LocalDb = Omit<Db, 'transaction'> & {
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * One REST request as one transaction: BEGIN, setup, main, COMMIT (or ROLLBACK when
   * `commit` says so or a statement fails; the error is rethrown). Statement texts are
   * prepared once per connection. On PGlite the whole request is one protocol round trip.
   */
  request(options: RequestOptions): Promise<unknown[][]>;
};

export type Statement = { sql: string; params: unknown[] };

/** Checked before a rolled-back request ends, as PostgREST does (MainTx.hs optionalRollback). */
export const SET_CONSTRAINTS_IMMEDIATE = 'set constraints all immediate';

export type TransactionOptions = {
  readOnly?: boolean;
  /**
   * The caller's statement timeout in ms (0 or absent: none). PostgreSQL enforces it itself
   * (the caller sets statement_timeout in SQL); on PGlite a watchdog does (db/pglite.ts).
   */
  timeoutMs?: number;
};

export type RequestOptions = {
  readOnly: boolean;
  /** Runs first (role, claims, …). */
  setup: Statement;
  /** The request's statement; its rows are returned as arrays of column values. */
  main: Statement;
  /** Decides COMMIT (true) or ROLLBACK (false) from the rows; omitted → COMMIT. */
  commit?: (rows: unknown[][]) => boolean;
  /**
   * End in ROLLBACK whatever the rows (PostgREST's tx=rollback, `commit` is not called), after
   * `SET CONSTRAINTS ALL IMMEDIATE`, so a deferred constraint still fails the request.
   */
  rollback?: boolean;
  /** The statement timeout of the request's role in ms (see TransactionOptions). */
  timeoutMs?: number;
};
