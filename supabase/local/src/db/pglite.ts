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

type Entry = {
  id: number;
  body: CallBody;
  timeoutMs: number;
  /** Set for calls inside a transaction: they belong to the thread that began it. */
  generation: number | undefined;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
};

type CallBody = Call extends infer C ? (C extends Call ? Omit<C, 'id'> : never) : never;

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/**
 * The worker thread and the calls posted to it. Calls are posted at once (the thread answers
 * them one after another, in order), so it never waits for this side between two requests.
 * A call's deadline starts when the call before it is answered, i.e. when the thread starts
 * it. Past the deadline the call fails, the thread is replaced, and the calls behind it (which
 * never started) are posted again to the new thread.
 */
class DatabaseThread {
  readonly dataDir: string;
  readonly onRestart: (reason: string) => void;
  #worker: Worker | null = null;
  #live = false;
  #ready: Promise<void>;
  #generation = 0;
  #entries: Entry[] = [];
  #drained: (() => void)[] = [];
  #nextId = 1;
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

  /** Resolves when every posted call is answered and the thread is up. */
  async drained(): Promise<void> {
    for (;;) {
      await this.#ready;
      if (this.#entries.length === 0) return;
      await new Promise<void>((resolve) => this.#drained.push(resolve));
    }
  }

  #open(): Promise<void> {
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir: this.dataDir, warm: this.#generation > 0 },
    });
    this.#worker = worker;
    const generation = this.#generation;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      worker.on('message', (message: Ready | Reply) => {
        if ('ready' in message) {
          started = true;
          if (!message.ready) {
            reject(toError(message.error));
            return;
          }
          this.#live = true;
          for (const entry of this.#entries) worker.postMessage({ ...entry.body, id: entry.id });
          const head = this.#entries[0];
          if (head) this.#arm(head);
          resolve();
          return;
        }
        this.#answered(message);
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

  #arm(entry: Entry): void {
    if (entry.timeoutMs > 0 && entry.timer === undefined) {
      entry.timer = setTimeout(() => this.#overran(entry), entry.timeoutMs);
    }
  }

  #answered(reply: Reply): void {
    const head = this.#entries[0];
    if (!head || head.id !== reply.id) return;
    this.#entries.shift();
    clearTimeout(head.timer);
    if (reply.ok) head.resolve(reply.result);
    else head.reject(toError(reply.error));
    const next = this.#entries[0];
    if (next) this.#arm(next);
    else for (const resolve of this.#drained.splice(0)) resolve();
  }

  #overran(entry: Entry): void {
    if (this.#entries[0] !== entry) return;
    this.#entries.shift();
    entry.reject(statementTimeoutError());
    this.#replace('statement timeout');
  }

  /** The thread of `generation` died on its own (out of memory, a crash): start another. */
  #lost(generation: number, reason: string): void {
    if (this.#closed || generation !== this.#generation) return;
    const head = this.#entries.shift();
    clearTimeout(head?.timer);
    head?.reject(threadStoppedError(reason));
    this.#replace(reason);
  }

  #replace(reason: string): void {
    this.#generation++;
    this.#live = false;
    const old = this.#worker;
    this.#worker = null;
    // Calls of a transaction begun on the old thread are gone with it; the others never
    // started and go to the new thread.
    this.#entries = this.#entries.filter((entry) => {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      if (entry.generation === undefined) return true;
      entry.reject(statementTimeoutError());
      return false;
    });
    this.onRestart(reason);
    this.#ready = (async () => {
      await old?.terminate();
      await this.#open();
    })();
    // A failure to reopen surfaces on the next call; never as an unhandled rejection here.
    this.#ready.catch(() => undefined);
  }

  /**
   * Posts one call. `timeoutMs` > 0 arms the watchdog once the call starts; `generation` ties
   * the call to a transaction begun on that thread.
   */
  post(body: CallBody, timeoutMs = 0, generation?: number): Promise<unknown> {
    // A transaction's thread was replaced: it is gone with all it did.
    if (generation !== undefined && generation !== this.#generation) {
      return Promise.reject(statementTimeoutError());
    }
    if (this.#closed) return Promise.reject(threadStoppedError('closed'));
    return new Promise((resolve, reject) => {
      const entry: Entry = {
        id: this.#nextId++,
        body,
        timeoutMs,
        generation,
        resolve,
        reject,
        timer: undefined,
      };
      this.#entries.push(entry);
      if (this.#live && this.#worker) {
        this.#worker.postMessage({ ...body, id: entry.id });
        if (this.#entries.length === 1) this.#arm(entry);
      }
    });
  }

  async terminate(): Promise<void> {
    this.#closed = true;
    this.#live = false;
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
        await thread.post({ op: 'exec', sql }, timeoutMs, generation);
      },
      async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
        return outcome<T>(
          await thread.post({ op: 'query', sql, params: params ?? [] }, timeoutMs, generation),
        );
      },
    };
  }

  /**
   * Posts a call from its turn in the queue without holding the queue until it is answered:
   * the next request is on its way to the thread while this one runs.
   */
  function pipelined<T>(post: () => Promise<T>): Promise<T> {
    return queue
      .run(() => {
        const answer = post();
        // Handled by the caller through the .then below; this only keeps Node from calling a
        // rejection that arrives before that .then "unhandled".
        answer.catch(() => undefined);
        return Promise.resolve({ answer });
      })
      .then(({ answer }) => answer);
  }

  async function decided(options: RequestOptions, commit: (rows: unknown[][]) => boolean) {
    await thread.drained();
    const generation = thread.generation;
    const rows = (await thread.post(
      { op: 'request', call: { ...call(options), decide: true } },
      options.timeoutMs ?? 0,
      generation,
    )) as unknown[][];
    await thread.post({ op: 'finish', commit: commit(rows) }, 0, generation);
    return rows;
  }

  function call(options: RequestOptions) {
    return {
      readOnly: options.readOnly,
      setup: options.setup,
      main: options.main,
      ...(options.rollback ? { rollback: true } : {}),
    };
  }

  return {
    kind: 'pglite',
    query: (sql, params) =>
      pipelined(async () => outcome(await thread.post({ op: 'query', sql, params: params ?? [] }))),
    exec: (sql) =>
      pipelined(async () => {
        await thread.post({ op: 'exec', sql });
      }),
    transaction<T>(
      fn: (tx: Tx) => Promise<T>,
      txOptions?: { readOnly?: boolean; timeoutMs?: number },
    ) {
      return queue.run(async () => {
        await thread.drained();
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
    request(options) {
      const { commit } = options;
      if (commit && !options.rollback) return queue.run(() => decided(options, commit));
      return pipelined(
        async () =>
          (await thread.post(
            { op: 'request', call: { ...call(options), decide: false } },
            options.timeoutMs ?? 0,
          )) as unknown[][],
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue.run(async () => {
        try {
          await thread.drained();
          await thread.post({ op: 'close' });
        } finally {
          await thread.terminate();
          if (temporary) rmSync(temporary, { recursive: true, force: true });
        }
      });
    },
  };
}
