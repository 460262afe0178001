// `npm test`: every check CI runs, in order, each as its own root script. Later suites are
// added as `test:<name>` scripts and listed in SUITES; a listed suite that is missing fails.
//
// Each suite's output is passed through as it runs and also kept, so that the summary at the
// end can repeat the lines that name what failed: CI logs are often read from the tail, and
// a coverage table or a long e2e list must not push the failing test's name out of sight.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { failureDigest, flakyDigest } from './test-digest.mjs';

const SUITES = [
  'lint',
  'typecheck',
  'test:deno',
  'test:unit',
  'test:pgtap',
  'test:contract',
  'test:security',
  'test:e2e',
  'test:desktop',
];
const scripts = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).scripts;
const only = process.argv.slice(2);
const selected = only.length > 0 ? SUITES.filter((s) => only.includes(s)) : SUITES;

/** Runs one npm script, echoing its output, and resolves with its exit status and output. */
function runSuite(suite) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', suite], {
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      chunks.push(chunk);
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      chunks.push(chunk);
      process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });
}

const results = [];
for (const suite of selected) {
  if (!scripts[suite]) {
    console.error(`\n✗ ${suite}: no such script in package.json`);
    results.push({ suite, ok: false, seconds: 0, digest: [], flaky: [] });
    continue;
  }
  console.log(`\n━━ ${suite} ━━`);
  const started = Date.now();
  const run = await runSuite(suite);
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = run.status === 0;
  results.push({
    suite,
    ok,
    seconds,
    digest: ok ? [] : failureDigest(run.output),
    flaky: flakyDigest(run.output),
  });
}

const failures = results.filter((r) => !r.ok);
if (failures.length > 0) {
  console.log('\n━━ what failed ━━');
  for (const r of failures) {
    console.log(`✗ ${r.suite}`);
    if (r.digest.length === 0) console.log('  (no failure lines recognised; see the output above)');
    for (const line of r.digest) console.log(`  ${line}`);
  }
}

const retried = results.filter((r) => r.flaky.length > 0);
if (retried.length > 0) {
  console.log('\n━━ passed only on a retry ━━');
  for (const r of retried) {
    console.log(`⚠ ${r.suite}`);
    for (const line of r.flaky) console.log(`  ${line}`);
  }
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.suite} (${r.seconds}s)`);
const passed = results.length - failures.length;
console.log(`suites: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
