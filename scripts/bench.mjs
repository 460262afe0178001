// `npm run bench`: runs every benchmark in tests/perf (files named *.bench.ts), one after the
// other so they do not disturb each other, each printing its own measurements and ratios.
// `npm run bench <name> -- <args>` runs those whose file name contains <name>, passing <args>
// (e.g. `--quick`) to each.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../tests/perf/', import.meta.url));
const filter = process.argv[2];
const args = process.argv.slice(3);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n━━ ${file} ━━`);
  const run = spawnSync('npx', ['tsx', `${dir}${file}`, ...args], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
console.log(`\nbenchmarks: ${files.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
