// The due queue and answer recording at scale, on Debian's PostgreSQL 15 (a throw-away cluster)
// with 1,000 learners × 2,000 words of progress (2 M user_vocabulary_progress rows). Measures
// the edge function handlers end to end (handler → supabase-js → embedded server → PostgreSQL)
// and, beside them, the database work alone as PostgREST runs it (one transaction with the
// learner's role and claims). Prints p50/p95, the plan of the due query (auto_explain of the
// statement inside get_due_words), and PASS/FAIL per target: get-due-words p95 < 20 ms,
// record-word-result p95 < 30 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { mulberry32 } from '@magyarul/core/flashcards';
import { newWordProgress, reviewWord } from '@magyarul/core/srs';
import { signJwt, startServer } from '@magyarul/local';
import { handler as getDueWords } from '../../supabase/functions/get-due-words/handler.ts';
import { handler as recordWordResult } from '../../supabase/functions/record-word-result/handler.ts';
import { startCluster } from '../../supabase/tests/cluster.mjs';

const LEARNERS = 1_000;
const LESSONS = 100;
const WORDS_PER_LESSON = 20;
const ITERATIONS = 300;
const WARMUP = 30;
const TARGET_DUE_MS = 20;
const TARGET_RECORD_MS = 30;
const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function report(name: string, samples: number[], target?: number): boolean {
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const verdict =
    target === undefined
      ? ''
      : p95 < target
        ? `  PASS (< ${target} ms)`
        : `  FAIL (target < ${target} ms)`;
  console.log(
    `${name.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms${verdict}`,
  );
  return target === undefined || p95 < target;
}

async function time(fn: () => Promise<void>, iterations: number): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function asLearner<T>(
  pool: pg.Pool,
  userId: string | null,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const client = await pool.connect();
  // null: the service role, as record-word-result writes answers (record_answer).
  const role = userId === null ? 'service_role' : 'authenticated';
  const claims = userId === null ? { role } : { sub: userId, role };
  try {
    await client.query('begin');
    await client.query(
      "select set_config('role', $2, true), set_config('request.jwt.claims', $1, true), set_config('search_path', 'public, extensions', true)",
      [JSON.stringify(claims), role],
    );
    const result = await client.query(sql, params);
    await client.query('commit');
    return result.rows as T[];
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const cluster = await startCluster([
  'shared_buffers=512MB',
  'maintenance_work_mem=256MB',
  'max_wal_size=8GB',
  'checkpoint_timeout=30min',
]);
const dataDir = mkdtempSync(join(tmpdir(), 'magyarul-bench-'));
let ok = true;
try {
  const databaseUrl = cluster.url;
  const server = await startServer({
    config: { port: 0, dataDir, supabaseDir: SUPABASE_DIR, databaseUrl },
    env: {},
    inMemory: true,
    quiet: true,
    seed: false,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    console.log(
      `generating ${LEARNERS} learners × ${LESSONS * WORDS_PER_LESSON} words of progress …`,
    );
    const started = performance.now();
    await pool.query(`
      insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
      select gen_random_uuid(), 'authenticated', 'authenticated', 'learner' || i || '@bench.local', '{}', now(), now()
      from generate_series(1, ${LEARNERS}) i;
      insert into public.lessons (lesson_number, title, is_published)
      select i, 'Lecke ' || i, true from generate_series(1, ${LESSONS}) i;
      insert into public.lesson_vocabulary (lesson_id, word_hu, word_en, difficulty)
      select l.id, 'szó ' || l.lesson_number || '-' || j, 'word ' || j,
             (enum_range(null::public.level))[1 + j % 3]
      from public.lessons l, generate_series(1, ${WORDS_PER_LESSON}) j;
    `);
    // Bulk load: triggers and FK checks off (replica mode), and the progress table's indexes
    // and keys dropped first and rebuilt afterwards from their own definitions (a sorted build
    // instead of 2 M random inserts), so the schema measured is exactly the migrated one.
    // Every learner has completed every lesson and answered every word.
    const table = 'public.user_vocabulary_progress';
    const constraints = (
      await pool.query<{ name: string; def: string }>(
        `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
         where conrelid = $1::regclass and contype in ('p', 'u') order by contype`,
        [table],
      )
    ).rows;
    const indexes = (
      await pool.query<{ name: string; def: string }>(
        `select i.relname as name, pg_get_indexdef(i.oid) as def
         from pg_index x join pg_class i on i.oid = x.indexrelid
         where x.indrelid = $1::regclass
           and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
        [table],
      )
    ).rows;
    await pool.query(`
      begin;
      set local session_replication_role = replica;
      ${indexes.map((i) => `drop index public.${i.name};`).join('\n')}
      ${constraints.map((c) => `alter table ${table} drop constraint ${c.name};`).join('\n')}
      insert into public.user_lesson_progress (user_id, lesson_id, audio_completed, flashcard_passed, is_completed, flashcard_accuracy, completed_at)
      select u.id, l.id, true, true, true, 80 + (random() * 20)::int, now() - interval '60 days'
      from auth.users u, public.lessons l order by u.id, l.id;
      -- About 10 % of each learner's words are due (up to 3 days overdue), the rest later.
      insert into ${table} (user_id, vocabulary_id, due, stability, difficulty, scheduled_days, reps, state, last_review, times_seen, times_correct)
      select u.id, v.id, now() - interval '3 days' + random() * interval '30 days', 5 + random() * 20, 3 + random() * 5, 10, 4, 2, now() - interval '10 days', 4, 3
      from auth.users u, public.lesson_vocabulary v;
      ${constraints.map((c) => `alter table ${table} add constraint ${c.name} ${c.def};`).join('\n')}
      ${indexes.map((i) => `${i.def};`).join('\n')}
      commit;
    `);
    await pool.query('vacuum analyze');
    const counts = await pool.query<{ learners: number; rows: number }>(
      'select (select count(*)::int from auth.users) learners, (select count(*)::int from public.user_vocabulary_progress) as rows',
    );
    console.log(
      `${counts.rows[0]?.learners} learners, ${counts.rows[0]?.rows} progress rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const users = (
      await pool.query<{ id: string }>('select id from auth.users order by id')
    ).rows.map((r) => r.id);
    const words = (
      await pool.query<{ id: string }>('select id from public.lesson_vocabulary order by id')
    ).rows.map((r) => r.id);
    const random = mulberry32(20_261_121);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const now = Math.floor(Date.now() / 1000);
    const tokens = new Map(
      users.map((id) => [
        id,
        signJwt(
          { sub: id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 },
          server.ctx.keys.jwtSecret,
        ),
      ]),
    );
    const env = {
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.ctx.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.ctx.keys.serviceRoleKey,
    };
    const call = async (fn: typeof getDueWords, userId: string, body: unknown) => {
      const res = await fn(
        new Request(`${server.url}/functions/v1/bench`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${tokens.get(userId) ?? ''}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(body),
        }),
        env,
      );
      if (res.status !== 200)
        throw new Error(`handler answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };

    // The plan of the due query inside get_due_words, as the learner (RLS on).
    const explainClient = await pool.connect();
    try {
      const plans: string[] = [];
      explainClient.on('notice', (msg) => plans.push(msg.message ?? ''));
      await explainClient.query("load 'auto_explain'");
      await explainClient.query('begin');
      await explainClient.query(
        'set local auto_explain.log_min_duration = 0; set local auto_explain.log_nested_statements = on; set local auto_explain.log_analyze = on; set local auto_explain.log_level = notice; set local client_min_messages = notice',
      );
      await explainClient.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub: users[0], role: 'authenticated' })],
      );
      await explainClient.query('select * from public.get_due_words(20, true)');
      await explainClient.query('rollback');
      const plan = plans.find((p) => p.includes('user_vocabulary_progress')) ?? plans.join('\n');
      console.log('\nEXPLAIN ANALYZE of the due query inside get_due_words (auto_explain):');
      console.log(
        plan
          .split('\n')
          .map((l) => `  ${l}`)
          .join('\n'),
      );
      const usesIndex =
        /Index (Only )?Scan using user_vocabulary_progress_user_due_idx|Bitmap Index Scan on user_vocabulary_progress_user_due_idx/.test(
          plan,
        );
      console.log(
        `index user_vocabulary_progress_user_due_idx used: ${usesIndex ? 'yes  PASS' : 'no  FAIL'}\n`,
      );
      ok &&= usesIndex;
    } finally {
      explainClient.release();
    }

    const dueSql = await time(async () => {
      await asLearner(pool, pick(users), 'select * from public.get_due_words(20, true)', []);
    }, ITERATIONS);
    report('get_due_words RPC (database only)', dueSql);
    const dueHandler = await time(async () => {
      const body = (await call(getDueWords, pick(users), { limit: 20, include_overdue: true })) as {
        words: unknown[];
      };
      if (body.words.length === 0) throw new Error('no due words');
    }, ITERATIONS);
    ok = report('get-due-words handler (end to end)', dueHandler, TARGET_DUE_MS) && ok;

    const recordSql = await time(async () => {
      const userId = pick(users);
      const wordId = pick(words);
      const rows = await asLearner<{ reps: number }>(
        pool,
        userId,
        'select * from public.user_vocabulary_progress where vocabulary_id = $1',
        [wordId],
      );
      const at = new Date();
      const { progress, log } = reviewWord(
        newWordProgress(at),
        { correct: random() < 0.8, durationMs: 2000 },
        at,
        {
          cardId: `${userId}:${wordId}`,
        },
      );
      await asLearner(
        pool,
        null,
        `select * from public.record_answer(_user_id => $13, _vocabulary_id => $1, _was_correct => $2, _rating => $3, _answered_at => $4,
           _due => $5, _stability => $6, _difficulty => $7, _elapsed_days => 0, _scheduled_days => $8,
           _learning_steps => $9, _reps => $10, _lapses => $11, _state => 1, _log_state => 0, _log_due => $4,
           _log_stability => 0, _log_difficulty => 0, _log_elapsed_days => 0, _log_last_elapsed_days => 0,
           _log_scheduled_days => 0, _log_learning_steps => 0, _duration_ms => 2000, _expected_reps => $12)`,
        [
          wordId,
          log.rating !== 1,
          log.rating,
          at.toISOString(),
          progress.due.toISOString(),
          progress.stability,
          progress.difficulty,
          Math.round(progress.scheduled_days),
          progress.learning_steps,
          (rows[0]?.reps ?? 0) + 1,
          progress.lapses,
          rows[0]?.reps ?? 0,
          userId,
        ],
      );
    }, ITERATIONS);
    report('select + record_answer RPC (database only)', recordSql);
    const recordHandler = await time(async () => {
      await call(recordWordResult, pick(users), {
        vocabulary_id: pick(words),
        was_correct: random() < 0.8,
        session_id: null,
        response_time_ms: 1500,
      });
    }, ITERATIONS);
    ok = report('record-word-result handler (end to end)', recordHandler, TARGET_RECORD_MS) && ok;
  } finally {
    await pool.end();
    await server.close();
  }
} finally {
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\nmachine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min); latencies scale with load`,
);
console.log(ok ? 'schema-due: PASS' : 'schema-due: FAIL');
process.exit(ok ? 0 : 1);
