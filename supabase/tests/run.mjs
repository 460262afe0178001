// pgTAP runner, as hosted Supabase's `supabase db reset` then `supabase test db` leave things: a
// throw-away PostgreSQL 15 cluster shaped like hosted's (cluster.mjs: supabase_admin bootstraps
// it, postgres is demoted to hosted's rights), the platform SQL and every migration, seed.sql,
// pgTAP in the extensions schema, then each supabase/tests/*.test.sql file through psql as
// postgres, not a superuser. Each file runs in its own transaction and rolls back; fixtures use
// lesson numbers from 900 up, clear of the seed's. Prints the TAP, then
// `pgTAP: N passed, M failed`; exits non-zero on any failure. Usage: node supabase/tests/run.mjs [filter]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_USER, SUPABASE_DIR, applyFile, applySchema, startCluster } from './cluster.mjs';

const TESTS_DIR = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(TESTS_DIR)
  .filter((f) => f.endsWith('.test.sql'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

let passed = 0;
let failed = 0;
let broken = 0;
const cluster = await startCluster([], { hosted: true });
try {
  applySchema(cluster);
  applyFile(cluster, join(SUPABASE_DIR, 'seed.sql'));
  // Hosted creates pgTAP for postgres as its superuser (supautils' privileged extensions).
  const pgtap = cluster.psql(
    ['-q', '-c', 'create extension if not exists pgtap with schema extensions'],
    undefined,
    ADMIN_USER,
  );
  if (pgtap.status !== 0) throw new Error(`creating pgtap failed:\n${pgtap.stdout}${pgtap.stderr}`);
  applyFile(cluster, join(TESTS_DIR, 'helpers.sql'));
  // What the files may rely on, checked once: not a superuser, the seed's lessons present.
  const who = cluster.psql([
    '-t',
    '-A',
    '-F',
    ' ',
    '-c',
    'select current_user, rolsuper, (select count(*) from public.lessons) ' +
      'from pg_roles where rolname = current_user',
  ]);
  const [user, superuser, lessons] = who.stdout.trim().split(' ');
  if (user !== 'postgres' || superuser !== 'f' || !(Number(lessons) > 0)) {
    throw new Error(`expected postgres, not a superuser, with seed.sql applied: ${who.stdout}`);
  }
  console.log(`# as postgres (not a superuser), with seed.sql applied (${lessons} lessons)`);

  for (const file of files) {
    console.log(`# ${file}`);
    const result = cluster.psql(['-q', '-t', '-A', '-f', join(TESTS_DIR, file)]);
    let planned = -1;
    let seen = 0;
    for (const line of result.stdout.split('\n')) {
      if (line.trim() === '') continue;
      console.log(line);
      const plan = /^1\.\.(\d+)/.exec(line);
      if (plan) planned = Number(plan[1]);
      if (/^ok \d+/.test(line)) {
        passed++;
        seen++;
      } else if (/^not ok \d+/.test(line)) {
        failed++;
        seen++;
      }
    }
    if (result.status !== 0 || (planned >= 0 && planned !== seen)) {
      broken++;
      console.log(`not ok - ${file} did not finish (planned ${planned}, ran ${seen})`);
      if (result.stderr) console.log(result.stderr.replace(/^/gm, '# '));
    }
  }
} finally {
  cluster.stop();
}
const failures = failed + broken;
console.log(`pgTAP: ${passed} passed, ${failures} failed`);
process.exit(failures === 0 && passed > 0 ? 0 : 1);
