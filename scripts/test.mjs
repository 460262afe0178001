// `npm test`: every check CI runs, in order, each as its own root script. Later suites are
// added as `test:<name>` scripts and listed in SUITES; a listed suite that is missing fails.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SUITES = [
  'lint',
  'typecheck',
  'test:unit',
  'test:pgtap',
  'test:contract',
  'test:e2e',
  'test:desktop',
];
const scripts = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).scripts;
const only = process.argv.slice(2);
const selected = only.length > 0 ? SUITES.filter((s) => only.includes(s)) : SUITES;

const results = [];
for (const suite of selected) {
  if (!scripts[suite]) {
    console.error(`\n✗ ${suite}: no such script in package.json`);
    results.push({ suite, ok: false, seconds: 0 });
    continue;
  }
  console.log(`\n━━ ${suite} ━━`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', suite], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ suite, ok: run.status === 0, seconds });
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.suite} (${r.seconds}s)`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`suites: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
