import { parentPort, workerData } from 'node:worker_threads';
import {
  openSession,
  type QueryOutcome,
  type RequestCall,
  type Session,
} from './pglite-session.ts';

// The database thread: PGlite runs its WASM Postgres synchronously, so it lives here, off the
// HTTP event loop. It answers one call at a time, in order; pglite.ts (the other side) owns
// the order of calls, the deadlines, and replacing this thread when a statement overruns.

export type Call =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'request'; call: RequestCall }
  | { id: number; op: 'finish'; commit: boolean }
  | { id: number; op: 'close' };

export type SerializedError = Record<string, unknown> & { message: string };

export type Reply =
  | { id: number; ok: true; result: QueryOutcome | unknown[][] | null }
  | { id: number; ok: false; error: SerializedError };

export type Ready = { ready: true } | { ready: false; error: SerializedError };

/** A database error as plain data: its message and its fields (code, detail, hint, …). */
export function serializeError(error: unknown): SerializedError {
  if (typeof error === 'object' && error !== null) {
    const out: SerializedError = { message: String((error as { message?: unknown }).message) };
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function') continue;
      if (typeof value === 'object' && value !== null) continue;
      out[key] = value;
    }
    return out;
  }
  return { message: String(error) };
}

async function answer(session: Session, call: Call): Promise<Reply> {
  try {
    switch (call.op) {
      case 'query':
        return { id: call.id, ok: true, result: await session.query(call.sql, call.params) };
      case 'exec':
        await session.exec(call.sql);
        return { id: call.id, ok: true, result: null };
      case 'request':
        return { id: call.id, ok: true, result: await session.request(call.call) };
      case 'finish':
        await session.finish(call.commit);
        return { id: call.id, ok: true, result: null };
      case 'close':
        await session.close();
        return { id: call.id, ok: true, result: null };
    }
  } catch (error) {
    return { id: call.id, ok: false, error: serializeError(error) };
  }
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
  const { dataDir, warm } = workerData as { dataDir: string; warm: boolean };
  let session: Session;
  try {
    session = await openSession(dataDir, { warm });
  } catch (error) {
    port.postMessage({ ready: false, error: serializeError(error) } satisfies Ready);
    return;
  }
  let tail: Promise<unknown> = Promise.resolve();
  port.on('message', (call: Call) => {
    tail = tail.then(async () => port.postMessage(await answer(session, call)));
  });
  port.postMessage({ ready: true } satisfies Ready);
}

await main();
