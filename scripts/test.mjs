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

// Single-threaded checks that run side by side on CI's two cores (their output is printed as a
// block when each ends); the test suites after them use both cores each and run one at a time.
const SIDE_BY_SIDE = new Set(['lint', 'typecheck', 'test:deno', 'test:pgtap']);

/**
 * Runs one npm script and resolves with its exit status and output; the output is echoed as it
 * comes, or, with `quiet`, kept for the caller to print.
 */
function runSuite(suite, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', suite], {
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      chunks.push(chunk);
      if (!quiet) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      chunks.push(chunk);
      if (!quiet) process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });
}

/** The result of a finished suite, with what the summary needs. */
function resultOf(suite, run, seconds) {
  const ok = run.status === 0;
  return {
    suite,
    ok,
    seconds,
    digest: ok ? [] : failureDigest(run.output),
    flaky: flakyDigest(run.output),
  };
}

const results = [];
const missing = selected.filter((suite) => !scripts[suite]);
for (const suite of missing) {
  console.error(`\n✗ ${suite}: no such script in package.json`);
  results.push({ suite, ok: false, seconds: 0, digest: [], flaky: [] });
}
const present = selected.filter((suite) => scripts[suite]);

const together = present.filter((suite) => SIDE_BY_SIDE.has(suite));
await Promise.all(
  together.map(async (suite) => {
    const started = Date.now();
    const run = await runSuite(suite, true);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\n━━ ${suite} ━━`);
    process.stdout.write(run.output);
    results.push(resultOf(suite, run, seconds));
  }),
);

for (const suite of present.filter((s) => !SIDE_BY_SIDE.has(s))) {
  console.log(`\n━━ ${suite} ━━`);
  const started = Date.now();
  const run = await runSuite(suite);
  results.push(resultOf(suite, run, Math.round((Date.now() - started) / 1000)));
}
results.sort((a, b) => SUITES.indexOf(a.suite) - SUITES.indexOf(b.suite));

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
