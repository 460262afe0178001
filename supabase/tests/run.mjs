// pgTAP runner: a throw-away PostgreSQL 15 cluster, the platform SQL and every migration, then
// each supabase/tests/*.test.sql file through psql. Prints the TAP, then
// `pgTAP: N passed, M failed`; exits non-zero on any failure. Usage: node supabase/tests/run.mjs [filter]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applySchema, startCluster } from './cluster.mjs';

const TESTS_DIR = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(TESTS_DIR)
  .filter((f) => f.endsWith('.test.sql'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

let passed = 0;
let failed = 0;
let broken = 0;
const cluster = await startCluster();
try {
  applySchema(cluster);
  const setup = cluster.psql([
    '-q',
    '-c',
    'create extension if not exists pgtap',
    '-f',
    join(TESTS_DIR, 'helpers.sql'),
  ]);
  if (setup.status !== 0) throw new Error(`test setup failed:\n${setup.stdout}${setup.stderr}`);

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
