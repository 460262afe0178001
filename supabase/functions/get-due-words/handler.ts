// get-due-words: the caller's due review queue. Body { limit = 20, include_overdue = true } →
// { words: [{ vocabulary_id, word_hu, word_en, word_de, word_es, difficulty, audio_file_path,
// due }] }, words of completed lessons, most overdue first (RPC get_due_words, ordered again by
// core). word_de/word_es are null where not translated yet: the app falls back to English.
import { DUE_WORDS_LIMIT, selectDueWords } from '../_shared/core/index.ts';
import {
  boolField,
  callerClient,
  endpoint,
  fromDbError,
  intField,
  readBody,
} from '../_shared/http.ts';
import type { Env } from '../_shared/http.ts';
import { dueRowWord, type WordFields } from '../_shared/words.ts';

export type DueWord = WordFields & { due: string };

export const handler: (req: Request, env: Env) => Promise<Response> = endpoint(async (req, env) => {
  const body = await readBody(req);
  const limit = intField(body, 'limit', DUE_WORDS_LIMIT, 1, 200);
  const includeOverdue = boolField(body, 'include_overdue', true);
  const { client } = callerClient(req, env);
  const now = new Date();
  const { data, error } = await client.rpc('get_due_words', {
    _limit: limit,
    _include_overdue: includeOverdue,
    _now: now.toISOString(),
  });
  if (error) throw fromDbError(error);
  const rows = data.map((row) => ({ ...dueRowWord(row), due: new Date(row.due ?? now) }));
  // The RPC already applied the learner's local day; core re-checks due ≤ now and the order.
  const words: DueWord[] = selectDueWords(rows, now, { limit }).map((w) => ({
    ...w,
    due: w.due.toISOString(),
  }));
  return { words };
});
