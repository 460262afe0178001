import type { Db, Queryable } from '../context.ts';

/** A transaction handle: parameterised queries plus multi-statement scripts (migrations). */
export type Tx = Queryable & { exec(sql: string): Promise<void> };

/** The Db every part of the server gets; `transaction` hands out a Tx (a Queryable). */
export type LocalDb = Omit<Db, 'transaction'> & {
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
};
