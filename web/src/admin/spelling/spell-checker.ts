import type { Misspelling } from '@magyarul/core/spelling';
import type { SpellQuestion, SpellReply, SpellRequest } from './spell-protocol.ts';

type Answer = Extract<SpellReply, { ok: true }>;
type Waiting = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let next = 1;

function failAll(error: Error) {
  for (const pending of waiting.values()) pending.reject(error);
  waiting.clear();
  // The next check starts a new thread.
  worker?.terminate();
  worker = null;
}

function spellWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./spell-worker.ts', import.meta.url), {
    type: 'module',
    name: 'spell-worker',
  });
  started.onmessage = (event: MessageEvent<SpellReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) pending?.resolve(reply);
    else pending?.reject(new Error(reply.message));
  };
  started.onerror = (event) => failAll(new Error(event.message || 'the spelling thread failed'));
  worker = started;
  return started;
}

function ask(question: SpellQuestion): Promise<Answer> {
  const thread = spellWorker();
  return new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    thread.postMessage({ id, ...question } satisfies SpellRequest);
  });
}

/**
 * The Hungarian words of each text that the dictionary does not know, from the spelling thread
 * (started on the first check and kept for the visit: the dictionary is parsed once).
 */
export async function checkSpelling(
  texts: readonly string[],
  names: readonly string[],
): Promise<Misspelling[][]> {
  const answer = await ask({ kind: 'spell', texts, names });
  return 'result' in answer ? answer.result : [];
}

/**
 * hunspell's morphological readings of each word, by word, from the same thread (its analyser
 * is loaded on the first question): what the proposals of new lines' words are made from.
 */
export async function analyseWords(
  words: readonly string[],
): Promise<ReadonlyMap<string, readonly string[]>> {
  if (words.length === 0) return new Map();
  const answer = await ask({ kind: 'analyse', words });
  return new Map(Object.entries('readings' in answer ? answer.readings : {}));
}
