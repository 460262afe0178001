import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

// What `supabase functions deploy` needs: each function's Deno entry and import map, and a
// [functions.<name>] table in config.toml. The import map pins the versions installed here.

const FUNCTIONS_DIR = fileURLToPath(new URL('.', import.meta.url));
const NAMES = [
  'get-due-words',
  'get-interleaved-words',
  'record-word-result',
  'generate-lesson-image',
  'send-reminders',
  'unsubscribe-reminders',
];

/** The TypeScript files a deployment bundles from: everything but tests and their configs. */
function deployedFiles(): string[] {
  return readdirSync(FUNCTIONS_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.test.ts') &&
      !f.endsWith('.d.ts') &&
      f !== 'vitest.config.ts' &&
      !f.includes('node_modules') &&
      !f.includes('.tsbuild'),
  );
}

/** The module specifiers of a file's import and export declarations. */
function importsOf(file: string): string[] {
  const source = readFileSync(join(FUNCTIONS_DIR, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map(
    (m) => m[1] ?? '',
  );
}

/** The packages (bare specifiers) the deployed files import, sorted. */
function packagesImported(): string[] {
  const specs = deployedFiles()
    .flatMap(importsOf)
    .filter((spec) => !spec.startsWith('.'));
  return [...new Set(specs)].sort();
}

function installedVersion(pkg: string): string {
  const file = fileURLToPath(new URL(`../../node_modules/${pkg}/package.json`, import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

describe('edge function deployment files', () => {
  const toml = parse(readFileSync(join(FUNCTIONS_DIR, '..', 'config.toml'), 'utf8')) as Record<
    string,
    Record<string, Record<string, unknown>>
  >;

  it.each(NAMES)('returns a Deno entry, handler and import map for %s', (name) => {
    for (const file of ['index.ts', 'handler.ts', 'deno.json']) {
      expect(existsSync(join(FUNCTIONS_DIR, name, file))).toBe(true);
    }
    const entry = readFileSync(join(FUNCTIONS_DIR, name, 'index.ts'), 'utf8');
    expect(entry).toContain('Deno.serve((req: Request) => handler(req, Deno.env.toObject()))');
    const map = JSON.parse(readFileSync(join(FUNCTIONS_DIR, name, 'deno.json'), 'utf8')) as {
      imports: Record<string, string>;
      lock?: unknown;
    };
    // Exactly the packages the sources import, at the versions installed here.
    expect(map.imports).toEqual(
      Object.fromEntries(
        packagesImported().map((pkg) => [pkg, `npm:${pkg}@${installedVersion(pkg)}`]),
      ),
    );
    // No deno.lock: one written by a newer Deno breaks the 2.1 bundler hosted deploys with.
    expect(map.lock).toBe(false);
  });

  // Off: the function verifies the caller through the database (see config.toml); the gateway's
  // check would reject tokens signed with hosted's new JWT signing keys.
  it.each(NAMES)('returns a config.toml table with verify_jwt off for %s', (name) => {
    expect(toml.functions?.[name]).toMatchObject({
      verify_jwt: false,
      import_map: `./functions/${name}/deno.json`,
      entrypoint: `./functions/${name}/index.ts`,
    });
  });

  it('returns the CLI project settings: API port 54321, PostgreSQL 15, confirmations on', () => {
    expect(toml).toMatchObject({ project_id: 'magyarul' });
    expect(toml.api).toMatchObject({ port: 54321, max_rows: 1000 });
    expect(toml.db).toMatchObject({ major_version: 15 });
    expect(toml.auth).toMatchObject({ site_url: 'http://127.0.0.1:54321' });
    expect(toml.auth?.email).toMatchObject({ enable_confirmations: true });
    expect(toml.db?.seed).toMatchObject({ enabled: true });
  });

  it('returns the packages the sources import: supabase-js and ts-fsrs', () => {
    expect(packagesImported()).toEqual(['@supabase/supabase-js', 'ts-fsrs']);
  });

  it('returns every relative import of a deployed file inside supabase/functions', () => {
    // Hosted Supabase bundles a function from supabase/functions alone (DESIGN §11): core and
    // the schema types reach the functions as the generated copies in _shared.
    const outside = deployedFiles().flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) =>
          relative(FUNCTIONS_DIR, resolve(dirname(join(FUNCTIONS_DIR, file)), spec)).startsWith(
            '..',
          ),
        )
        .map((spec) => `${file}: ${spec}`),
    );
    expect(deployedFiles().length).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });

  it('returns no import of the embedded backend from anything under supabase/functions', () => {
    // What deploys to hosted Supabase must not reach into supabase/local (tests included: their
    // fixture lives in tests/functions).
    const files = readdirSync(FUNCTIONS_DIR, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.includes('node_modules') && !f.includes('.tsbuild'),
    );
    expect(files.length).toBeGreaterThan(10);
    const offending = files.filter((file) => {
      const source = readFileSync(join(FUNCTIONS_DIR, file), 'utf8');
      return /from\s+'(@magyarul\/local|[^']*\/local\/)/.test(source);
    });
    expect(offending).toEqual([]);
  });
});
