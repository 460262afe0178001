import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKeys } from './config.ts';

// Issue 3 point 8: write through the API, SIGKILL the server, restart it on the same data
// directory and read everything back.

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const SECRET = 'durability-test-secret-0123456789abcdef';
const keys = makeKeys(SECRET);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function start(dataDir: string, supabaseDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      MAGYARUL_DATA_DIR: dataDir,
      MAGYARUL_SUPABASE_DIR: supabaseDir,
      JWT_SECRET: SECRET,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.exitCode);
      return;
    }
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

const headers = {
  apikey: keys.serviceRoleKey,
  authorization: `Bearer ${keys.serviceRoleKey}`,
  'content-type': 'application/json',
};

describe('durability', () => {
  let dir: string;
  let child: ChildProcess | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-durability-'));
    mkdirSync(join(dir, 'supabase', 'migrations'), { recursive: true });
    writeFileSync(
      join(dir, 'supabase', 'migrations', '20240101000000_journal.sql'),
      'create table public.journal (id int primary key, entry text not null);',
    );
  });

  afterAll(async () => {
    if (child) await kill(child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write after SIGKILL and restart', async () => {
    const dataDir = join(dir, 'data');
    const supabaseDir = join(dir, 'supabase');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/rest/v1/journal`;
    child = await start(dataDir, supabaseDir, port);
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, entry: `bejegyzés ${i + 1}` }));
    const bulk = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(rows.slice(0, 40)),
    });
    expect(bulk.status).toBe(201);
    for (const row of rows.slice(40)) {
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(row) });
      expect(res.status).toBe(201);
    }
    const patch = await fetch(`${url}?id=eq.1`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ entry: 'módosítva' }),
    });
    expect(patch.status).toBe(204);
    expect(await kill(child, 'SIGKILL')).toBeNull();

    child = await start(dataDir, supabaseDir, port);
    const res = await fetch(`${url}?select=id,entry&order=id`, { headers });
    const back = (await res.json()) as { id: number; entry: string }[];
    expect(back).toHaveLength(50);
    expect(back[0]).toEqual({ id: 1, entry: 'módosítva' });
    expect(back[49]).toEqual({ id: 50, entry: 'bejegyzés 50' });
    expect(await kill(child, 'SIGTERM')).toBe(0);
    child = null;
  }, 420_000);
});
