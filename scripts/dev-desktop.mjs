// `npm run dev:desktop`: the studio under electron-vite. The Electron binary is downloaded by
// electron's own install script, which this project does not run (it cannot reach the download
// host on our build machines); where it is missing, say how to get it instead of failing obscurely.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}node_modules/electron/path.txt`)) {
  console.error(
    'dev:desktop: the Electron binary is not installed (its download is disabled in allowScripts).\n' +
      'On a machine that can download it, run `node node_modules/electron/install.js` once, then retry.\n' +
      'Everything else of the studio builds and is tested without it: `npm run -w @magyarul/desktop build`.',
  );
  process.exit(1);
}
const run = spawnSync('npx', ['electron-vite', 'dev'], { cwd: `${root}desktop`, stdio: 'inherit' });
process.exit(run.status ?? 1);
