import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpellChecker } from '../src/main/services/spelling/spell-checker.ts';
import { CHANNELS, METHODS } from '../src/shared/ipc.ts';

// Runs against `electron-vite build` output (npm run test:e2e builds first), with a fake
// `electron` module: the real one would try to download its binary under plain Node.
const here = import.meta.dirname;
const out = join(here, '..', 'out');
const fake = join(here, 'fake-electron');
const userData = mkdtempSync(join(tmpdir(), 'studio-shell-'));
afterAll(() => rmSync(userData, { recursive: true, force: true }));

function runNode(args: string[]): unknown {
  const stdout = execFileSync(process.execPath, args, {
    env: { ...process.env, FAKE_ELECTRON_USER_DATA: userData },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return JSON.parse(stdout) as unknown;
}

describe('built Electron shell', () => {
  const main = runNode([
    '--import',
    join(fake, 'register.mjs'),
    join(fake, 'inspect-main.mjs'),
    join(out, 'main', 'index.js'),
  ]) as Record<string, unknown>;
  const preload = runNode([
    join(fake, 'inspect-preload.mjs'),
    join(out, 'preload', 'index.cjs'),
  ]) as {
    exposedKeys: string[];
    calls: Record<string, string>;
  };

  it('returns one ipcMain handler per channel of ipc.ts and nothing else', () => {
    expect([...(main['handled'] as string[])].sort()).toEqual([...CHANNELS].sort());
  });

  it('returns a window with contextIsolation, sandbox and no nodeIntegration', () => {
    expect(main['sandbox']).toBe(true);
    expect(main['webPreferences']).toMatchObject({
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
    });
  });

  it('returns deny for window.open and prevents navigation to a foreign URL', () => {
    expect(main['windowOpen']).toEqual({ action: 'deny' });
    expect(main['navigationToEvilPrevented']).toBe(true);
  });

  it('returns forbidden for IPC from a foreign frame', () => {
    expect(main['untrusted']).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('returns exactly window.studio from the preload, each method on its contract channel', () => {
    expect(preload.exposedKeys).toEqual(['studio']);
    const expected: Record<string, string> = { ...METHODS };
    expected['onImportProgress'] = 'function';
    expected['onPublishProgress'] = 'function';
    expect(preload.calls).toEqual(expected);
  });

  it('returns hunspell’s readings from the built spelling thread over the dictionary copied beside it', async () => {
    // What index.ts gives the studio: the built worker, and out/main/dictionaries/hu_HU.
    const thread = createSpellChecker(
      { url: pathToFileURL(join(out, 'main', 'spell-worker.js')) },
      join(out, 'main', 'dictionaries', 'hu_HU'),
    );
    try {
      expect(await thread.analyse(['elmegyünk', 'boltba'])).toEqual({
        elmegyünk: [' ip:PREF sp:el st:megy po:vrb is:PRES_INDIC_INDEF_PL_1'],
        boltba: [' st:bolt po:noun ts:NOM is:ILL'],
      });
      expect((await thread.check(['A kávézo nyitva van.']))[0]?.map((m) => m.word)).toEqual([
        'kávézo',
      ]);
    } finally {
      await thread.close();
    }
  });
});
