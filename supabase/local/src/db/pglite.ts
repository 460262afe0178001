import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryResult } from '../context.ts';
import type { QueryOutcome } from './pglite-session.ts';
import type { Call, Ready, Reply, SerializedError } from './pglite-worker.ts';
import type { LocalDb, RequestOptions, Tx } from './types.ts';

// PGlite is one Postgres backend in WASM that runs synchronously: a single connection, and
// while a statement runs nothing else can happen on its thread. So it runs in a worker thread
// (pglite-worker.ts) and the HTTP event loop only posts calls to it. Every transaction (and
// every statement outside one) goes through one queue here, so requests never interleave.
//
// Statement timeouts: PGlite never fires statement_timeout (its timer signal cannot interrupt
// the synchronous WASM backend), so a call with a deadline is watched from here. When the
// deadline passes, only that call fails with 57014 (as Postgres would answer), the thread is
// terminated and a new one opens the same data directory; Postgres recovers as after a
// SIGKILL, dropping the unfinished transaction. Calls queued behind it run on the new thread.
// In-memory databases use a temporary directory for the same reason, removed on close.

type Task<T> = () => Promise<T>;

export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: Task<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

export { PreparedStatements } from './pglite-session.ts';

/** The error Postgres raises when statement_timeout cancels a statement. */
export function statementTimeoutError(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
    severity: 'ERROR',
  });
}

function threadStoppedError(reason: string): Error {
  return Object.assign(
    new Error(`terminating connection because the database thread stopped: ${reason}`),
    { code: '57P01', severity: 'FATAL' },
  );
}

function toError(data: SerializedError): Error {
  const { message, ...fields } = data;
  return Object.assign(new Error(message), fields);
}

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
};

type CallBody = Call extends infer C ? (C extends Call ? Omit<C, 'id'> : never) : never;

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/** The worker thread, its calls in flight, and its replacement after a timeout. */
class DatabaseThread {
  readonly dataDir: string;
  readonly onRestart: (reason: string) => void;
  #worker: Worker | null = null;
  #ready: Promise<void>;
  #generation = 0;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(dataDir: string, onRestart: (reason: string) => void) {
    this.dataDir = dataDir;
    this.onRestart = onRestart;
    this.#ready = this.#open();
  }

  get generation(): number {
    return this.#generation;
  }

  get ready(): Promise<void> {
    return this.#ready;
  }

  #open(): Promise<void> {
    const worker = new Worker(WORKER_URL, { workerData: { dataDir: this.dataDir } });
    this.#worker = worker;
    const generation = this.#generation;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      worker.on('message', (message: Ready | Reply) => {
        if ('ready' in message) {
          started = true;
          if (message.ready) resolve();
          else reject(toError(message.error));
          return;
        }
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        clearTimeout(pending.timer);
        if (message.ok) pending.resolve(message.result);
        else pending.reject(toError(message.error));
      });
      worker.on('error', (error) => {
        if (!started) reject(error);
        else this.#lost(generation, error.message);
      });
      worker.on('exit', (code) => {
        if (!started) reject(new Error(`the database thread exited with code ${code}`));
        else this.#lost(generation, `exit code ${code}`);
      });
    });
  }

  /** The thread of `generation` died on its own (out of memory, a crash): start another. */
  #lost(generation: number, reason: string): void {
    if (this.#closed || generation !== this.#generation) return;
    this.#replace(reason, threadStoppedError(reason));
  }

  #replace(reason: string, error: Error): void {
    this.#generation++;
    const old = this.#worker;
    this.#worker = null;
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
    this.onRestart(reason);
    this.#ready = (async () => {
      await old?.terminate();
      await this.#open();
    })();
    // A failure to reopen surfaces on the next call; never as an unhandled rejection here.
    this.#ready.catch(() => undefined);
  }

  /**
   * Sends one call after the previous one has been answered. `timeoutMs` > 0 arms the
   * watchdog; `generation` ties the call to a transaction begun on that thread.
   */
  call(body: CallBody, timeoutMs = 0, generation?: number): Promise<unknown> {
    const result = this.#chain.then(() => this.#send(body, timeoutMs, generation));
    this.#chain = result.catch(() => undefined);
    return result;
  }

  async #send(body: CallBody, timeoutMs: number, generation?: number): Promise<unknown> {
    await this.#ready;
    // A transaction's thread was replaced: it is gone with all it did.
    if (generation !== undefined && generation !== this.#generation) throw statementTimeoutError();
    const worker = this.#worker;
    if (!worker) throw threadStoppedError('closed');
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject, timer: undefined };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this.#pending.delete(id);
          reject(statementTimeoutError());
          this.#replace('statement timeout', threadStoppedError('statement timeout'));
        }, timeoutMs);
      }
      this.#pending.set(id, pending);
      worker.postMessage({ ...body, id });
    });
  }

  async terminate(): Promise<void> {
    this.#closed = true;
    await this.#worker?.terminate();
    this.#worker = null;
  }
}

function outcome<T>(value: unknown): QueryResult<T> {
  const res = value as QueryOutcome;
  return { rows: res.rows as T[], affectedRows: res.affectedRows, fields: res.fields };
}

export type PgliteOptions = {
  /** Called when the database thread is replaced (a statement timeout, a crash). */
  onRestart?: (reason: string) => void;
};

export async function openPglite(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<LocalDb> {
  const temporary = dataDir ? null : mkdtempSync(join(tmpdir(), 'magyarul-pglite-'));
  const dir = dataDir ?? join(temporary ?? '', 'pgdata');
  mkdirSync(dir, { recursive: true });
  const thread = new DatabaseThread(
    dir,
    options.onRestart ??
      ((reason) => console.error(`database thread replaced (${reason}); data kept in ${dir}`)),
  );
  try {
    await thread.ready;
  } catch (error) {
    await thread.terminate();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  const queue = new SerialQueue();
  let closed = false;

  function txFor(generation: number, timeoutMs: number): Tx {
    return {
      async exec(sql: string): Promise<void> {
        await thread.call({ op: 'exec', sql }, timeoutMs, generation);
      },
      async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
        return outcome<T>(
          await thread.call({ op: 'query', sql, params: params ?? [] }, timeoutMs, generation),
        );
      },
    };
  }

  async function request(options: RequestOptions): Promise<unknown[][]> {
    await thread.ready;
    const generation = thread.generation;
    const rows = (await thread.call(
      {
        op: 'request',
        call: {
          readOnly: options.readOnly,
          setup: options.setup,
          main: options.main,
          decide: options.commit !== undefined,
        },
      },
      options.timeoutMs ?? 0,
      generation,
    )) as unknown[][];
    if (options.commit) {
      await thread.call({ op: 'finish', commit: options.commit(rows) }, 0, generation);
    }
    return rows;
  }

  return {
    kind: 'pglite',
    query: (sql, params) =>
      queue.run(async () => outcome(await thread.call({ op: 'query', sql, params: params ?? [] }))),
    exec: (sql) =>
      queue.run(async () => {
        await thread.call({ op: 'exec', sql });
      }),
    transaction<T>(
      fn: (tx: Tx) => Promise<T>,
      txOptions?: { readOnly?: boolean; timeoutMs?: number },
    ) {
      return queue.run(async () => {
        await thread.ready;
        const generation = thread.generation;
        const tx = txFor(generation, txOptions?.timeoutMs ?? 0);
        await tx.query(txOptions?.readOnly ? 'begin read only' : 'begin');
        let result: T;
        try {
          result = await fn(tx);
        } catch (error) {
          if (thread.generation === generation) await tx.query('rollback').catch(() => undefined);
          throw error;
        }
        await tx.query('commit');
        return result;
      });
    },
    request: (options) => queue.run(() => request(options)),
    async close() {
      if (closed) return;
      closed = true;
      await queue.run(async () => {
        try {
          await thread.call({ op: 'close' });
        } finally {
          await thread.terminate();
          if (temporary) rmSync(temporary, { recursive: true, force: true });
        }
      });
    },
  };
}
