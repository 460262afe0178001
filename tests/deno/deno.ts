import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The Deno binaries the edge functions are checked and served with. Both come from the npm
// registry: the `deno` package's optional dependency @deno/<platform> carries the executable
// (nothing is downloaded from anywhere else). `deno` is pinned to 2.1.4, the Deno that hosted
// Supabase's edge runtime is built on; `deno-current` (an alias of the same package) is the
// current line, so a change that only the newer TypeScript accepts or rejects shows up too.

const require = createRequire(import.meta.url);

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FUNCTIONS_DIR = join(REPO_ROOT, 'supabase', 'functions');

export type DenoRelease = {
  /** The npm package (or alias) it is installed as. */
  pkg: 'deno' | 'deno-current';
  /** What it stands for in test names. */
  role: 'hosted' | 'current';
};

export const DENO_RELEASES: readonly DenoRelease[] = [
  { pkg: 'deno', role: 'hosted' },
  { pkg: 'deno-current', role: 'current' },
];

export type DenoBinary = DenoRelease & { version: string; path: string };

/** The executable of an installed release (the package's own installer links it on first use). */
export function denoBinary(release: DenoRelease): DenoBinary {
  const dir = dirname(require.resolve(`${release.pkg}/package.json`));
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const installer = require(join(dir, 'install_api.cjs')) as { runInstall(): string };
  return { ...release, version, path: installer.runInstall() };
}

/**
 * The environment Deno runs with: its own cache per version (inside node_modules, so CI starts
 * clean and repeated runs reuse it), the machine's CA store as well as Mozilla's (as npm and Node
 * trust it here), no colours, no update check.
 */
export function denoEnv(binary: DenoBinary, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const cache = join(REPO_ROOT, 'node_modules', '.cache', 'deno', binary.version);
  mkdirSync(cache, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DENO_DIR: cache,
    DENO_TLS_CA_STORE: 'system,mozilla',
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    RUST_BACKTRACE: '0',
    ...extra,
  };
  if (process.env.NODE_EXTRA_CA_CERTS) env.DENO_CERT = process.env.NODE_EXTRA_CA_CERTS;
  for (const name of ['NPM_CONFIG_REGISTRY', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY']) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** Every edge function: a folder of supabase/functions with an index.ts and a deno.json. */
export function edgeFunctions(): string[] {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
    .map((d) => d.name)
    .filter((name) => existsSync(join(FUNCTIONS_DIR, name, 'index.ts')))
    .sort();
}

export type RunResult = { status: number | null; output: string };

/** Runs the binary to completion, collecting stdout and stderr together. */
export function runDeno(
  binary: DenoBinary,
  args: string[],
  cwd = FUNCTIONS_DIR,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary.path, args, { cwd, env: denoEnv(binary) });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });
}

export type ServedFunction = {
  name: string;
  /** http://127.0.0.1:<port>/<name> */
  url: string;
  stop(): Promise<void>;
};

/**
 * Serves one edge function under Deno, as the edge runtime would, with `env` as its environment
 * (SUPABASE_URL and the keys): supabase/functions/<name>/index.ts with its deno.json, or, given
 * `bundle`, that single file (bundle.ts) with no config and read access to nothing else.
 * Resolves once the server prints its port; rejects with Deno's output if the process ends first.
 */
export function serveFunction(
  binary: DenoBinary,
  name: string,
  env: Record<string, string>,
  bundle?: string,
): Promise<ServedFunction> {
  const wrapper = fileURLToPath(new URL('./serve.js', import.meta.url));
  const [options, entry] = bundle
    ? [['--no-config', `--allow-read=${bundle}`], pathToFileURL(bundle).href]
    : [
        ['--config', join(name, 'deno.json'), `--allow-read=${REPO_ROOT}`],
        pathToFileURL(join(FUNCTIONS_DIR, name, 'index.ts')).href,
      ];
  const child: ChildProcess = spawn(
    binary.path,
    ['run', ...options, '--allow-net', '--allow-env', wrapper, entry],
    { cwd: FUNCTIONS_DIR, env: denoEnv(binary, env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    // Everything Deno prints is kept for the error message (the server's own logs included).
    let output = '';
    let listening = false;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (listening || !port) return;
      listening = true;
      resolve({
        name,
        url: `http://127.0.0.1:${port}/${name}`,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      reject(
        new Error(`deno serving ${name} ended (${code ?? signal}) before listening:\n${output}`),
      );
    });
  });
}
