import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../local/src/index.ts';
import { startServer } from '../local/src/index.ts';
import { AUDIO_DIR } from './content/catalog.ts';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_PASSWORD } from './index.ts';
import { seedAudioFiles, uploadAudio } from './upload-audio.ts';

const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('seed in the embedded server', () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'magyarul-seed-server-'));
    server = await startServer({
      config: { dataDir, port: 0, supabaseDir: SUPABASE_DIR },
      env: { JWT_SECRET: 'seed-server-test-secret-0123456789abcdef' },
      inMemory: true,
      quiet: true,
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets both demo accounts sign in with the demo password', async () => {
    for (const email of [DEMO_ADMIN.email, DEMO_LEARNER.email]) {
      const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: server.ctx.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(res.status, email).toBe(200);
      const body = (await res.json()) as { access_token?: string; user?: { email?: string } };
      expect(body.user?.email).toBe(email);
      expect(body.access_token).toBeTruthy();
    }
  });

  it('serves the published lessons to anonymous visitors in lesson order', async () => {
    const res = await fetch(
      `${server.url}/rest/v1/lessons?select=lesson_number,title,level&is_published=eq.true&order=lesson_number.asc&limit=6`,
      { headers: { apikey: server.ctx.keys.anonKey } },
    );
    expect(res.status).toBe(200);
    const lessons = (await res.json()) as { lesson_number: number }[];
    expect(lessons.map((l) => l.lesson_number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('serves the lesson and word audio at their public URLs', async () => {
    const cases = [
      ['seed/lessons/lesson-01.mp3', join(AUDIO_DIR, 'lessons', 'lesson-01.mp3')],
      ['seed/words/egeeszseegedre.mp3', join(AUDIO_DIR, 'words', 'egeeszseegedre.mp3')],
    ] as const;
    for (const [name, file] of cases) {
      const res = await fetch(`${server.url}/storage/v1/object/public/lesson-audio/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toContain('audio/mpeg');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(readFileSync(file));
    }
  });

  it('uploads every seed MP3 through the Storage API with the service key', async () => {
    const names: string[] = [];
    const count = await uploadAudio({
      url: `${server.url}/`,
      serviceKey: server.ctx.keys.serviceRoleKey,
      onUploaded: (name) => names.push(name),
    });
    expect(count).toBe(seedAudioFiles().length);
    expect(names).toContain('seed/words/kaavee.mp3');
    expect(names).toContain('seed/lessons/lesson-30-slow.mp3');
    const res = await fetch(
      `${server.url}/storage/v1/object/public/lesson-audio/seed/lessons/lesson-10.mp3`,
    );
    expect(Buffer.from(await res.arrayBuffer())).toEqual(
      readFileSync(join(AUDIO_DIR, 'lessons', 'lesson-10.mp3')),
    );
  });

  it('refuses an upload without the service key', async () => {
    await expect(
      uploadAudio({ url: server.url, serviceKey: server.ctx.keys.anonKey }),
    ).rejects.toThrow(/upload of seed\/lessons\/lesson-01.mp3 failed/);
  });
});
