import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleFunction,
  isolatedFunctions,
  type Bundle,
  type IsolatedFunctions,
} from './bundle.ts';
import { DENO_RELEASES, denoBinary, edgeFunctions, serveFunction } from './deno.ts';

// Each function bundled as a deployment bundles it, from a copy of supabase/functions with
// nothing beside it (DESIGN §11), by the current Deno's `deno bundle`, then run on the Deno hosted
// Supabase runs (2.1) with read access to its bundle alone. tests/contract/functions-deno.test.ts
// serves the same bundles against the embedded backend and compares every answer with
// /functions/v1.

const release = (role: 'hosted' | 'current') => {
  const found = DENO_RELEASES.find((r) => r.role === role);
  if (!found) throw new Error(`no ${role} Deno release`);
  return denoBinary(found);
};

/** A body each function accepts, so the answer is its refusal of a caller without a token. */
const BODY = {
  current_lesson_id: '00000000-0000-4000-8000-000000000001',
  vocabulary_id: '00000000-0000-4000-8000-000000000002',
  was_correct: true,
  lessonTitle: 'Lecke',
};

describe('each edge function bundled from supabase/functions alone', () => {
  let copy: IsolatedFunctions;
  const bundles = new Map<string, Bundle>();

  beforeAll(async () => {
    copy = isolatedFunctions();
    const current = release('current');
    for (const name of edgeFunctions()) {
      bundles.set(name, await bundleFunction(current, copy.dir, name));
    }
  }, 300_000);

  afterAll(() => copy?.remove());

  it.each(edgeFunctions())('returns one JavaScript file for %s', (name) => {
    const bundle = bundles.get(name);
    expect(bundle?.status, bundle?.output).toBe(0);
    expect(existsSync(bundle?.file ?? '')).toBe(true);
    // npm packages are inside: nothing is fetched when it runs.
    expect(readFileSync(bundle?.file ?? '', 'utf8')).not.toMatch(/from\s+["']npm:/);
  });

  /** The functions whose answer to a call without any token is not a learner's 401. */
  const WITHOUT_TOKEN: Record<string, { status: number; body: unknown }> = {
    // Called by the scheduler with the service role key.
    'send-reminders': {
      status: 401,
      body: { code: 'not_authenticated', message: 'The service role key is required' },
    },
    // The e-mail's one-click unsubscribe takes no sign-in: its token is in the URL.
    'unsubscribe-reminders': {
      status: 400,
      body: { code: 'invalid_argument', message: 'token must be a uuid' },
    },
  };

  it.each(edgeFunctions())(
    'returns the CORS preflight and the 401 of %s from its bundle on Deno 2.1',
    async (name) => {
      const bundle = bundles.get(name);
      if (!bundle) throw new Error(`${name} was not bundled`);
      // No backend needed for these two answers; the contract suite runs the bundles against one.
      const served = await serveFunction(
        release('hosted'),
        name,
        { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'anon' },
        bundle.file,
      );
      try {
        const preflight = await fetch(served.url, { method: 'OPTIONS' });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
        const anonymous = await fetch(served.url, { method: 'POST', body: JSON.stringify(BODY) });
        expect({ status: anonymous.status, body: await anonymous.json() }).toEqual(
          WITHOUT_TOKEN[name] ?? {
            status: 401,
            body: { code: 'not_authenticated', message: 'Sign in to use this function' },
          },
        );
      } finally {
        await served.stop();
      }
    },
  );

  it('refuses a function that imports a file outside supabase/functions', async () => {
    // What the check above would meet if a function reached into core/src again.
    const escaping = join(copy.dir, 'escaping');
    mkdirSync(escaping);
    writeFileSync(
      join(escaping, 'index.ts'),
      "import { mulberry32 } from '../../../core/src/index.ts';\nDeno.serve(() => new Response(String(mulberry32(1)())));\n",
    );
    writeFileSync(join(escaping, 'deno.json'), '{ "imports": {}, "lock": false }\n');
    const bundle = await bundleFunction(release('current'), copy.dir, 'escaping');
    expect(bundle.status).not.toBe(0);
    expect(bundle.output).toMatch(/core\/src\/index\.ts/);
  });
});
