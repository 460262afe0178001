import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsFixture } from '../../../tests/functions/fixture.ts';
import type { FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler, slugify } from './handler.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('generate-lesson-image', () => {
  let fx: FunctionsFixture;
  let admin: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    admin = await fx.signUp('admin@test.local', { admin: true });
    learner = await fx.signUp('learner@test.local');
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  type Answer = { imageUrl: string; path: string; draftBucket: string; draftPath: string };
  /** The stored picture: in lesson-drafts until a lesson naming it is published. */
  const stored = async (answer: Answer): Promise<Uint8Array> => {
    const { data, error } = await fx.service.storage
      .from(answer.draftBucket)
      .download(answer.draftPath);
    if (error) throw error;
    return new Uint8Array(await data.arrayBuffer());
  };

  const body = {
    lessonTitle: 'Első lecke: a kávézóban',
    lessonDescription: 'Anna és Bence kávét rendel.',
    lessonLevel: 'beginner',
    transcriptPreview: 'NARRATOR: Egy kávézóban vagyunk.',
  };

  it('returns the public URL a PNG will have, kept in lesson-drafts until its lesson is published', async () => {
    const res = await fx.call(handler, body, admin.token);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    const { imageUrl, path } = answer;
    expect(path).toMatch(/^generated\/elso-lecke-a-kavezoban-[0-9a-f]{8}\.png$/);
    expect(imageUrl).toBe(`${fx.server.url}/storage/v1/object/public/lesson-images/${path}`);
    expect(answer).toMatchObject({
      draftBucket: 'lesson-drafts',
      draftPath: `lesson-images/${path}`,
    });
    // Nobody reads it by its public address while no published lesson names it.
    expect((await fetch(imageUrl)).status).toBeGreaterThanOrEqual(400);
    const bytes = await stored(answer);
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('returns the same picture for the same title', async () => {
    const first = (await (await fx.call(handler, body, admin.token)).json()) as Answer;
    const a = await stored(first);
    const other = (await (
      await fx.call(handler, { ...body, lessonTitle: 'Második lecke' }, admin.token)
    ).json()) as Answer;
    const b = await stored(other);
    const again = (await (await fx.call(handler, body, admin.token)).json()) as Answer;
    const c = await stored(again);
    expect(again.imageUrl).toBe(first.imageUrl);
    expect(Buffer.from(c).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(false);
  });

  it('returns the image of IMAGE_PROVIDER_URL when one is configured, and the local drawing when it fails', async () => {
    const provided = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const prompts: unknown[] = [];
    let fail = false;
    const provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        prompts.push(JSON.parse(raw));
        if (fail) {
          res.writeHead(500).end('down');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.from(provided));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/generate`;
    try {
      const res = await fx.call(
        handler,
        { ...body, lessonTitle: 'Harmadik lecke' },
        admin.token,
        'POST',
        {
          IMAGE_PROVIDER_URL: url,
        },
      );
      const answer = (await res.json()) as Answer;
      expect(answer.path).toMatch(/\.jpg$/);
      expect(prompts[0]).toMatchObject({ lessonTitle: 'Harmadik lecke', lessonLevel: 'beginner' });
      expect([...(await stored(answer))]).toEqual([...provided]);

      fail = true;
      const fallback = await fx.call(
        handler,
        { ...body, lessonTitle: 'Negyedik lecke' },
        admin.token,
        'POST',
        {
          IMAGE_PROVIDER_URL: url,
        },
      );
      const local = (await fallback.json()) as { path: string };
      expect(local.path).toMatch(/\.png$/);
      expect(prompts).toHaveLength(2);
    } finally {
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('returns 403 to a learner and 401 without a user', async () => {
    const asLearner = await fx.call(handler, body, learner.token);
    expect(asLearner.status).toBe(403);
    expect(asLearner.headers.get('access-control-allow-origin')).toBe('*');
    const anon = await fx.call(handler, body);
    expect(anon.status).toBe(401);
  });

  it('returns 400 without a title', async () => {
    const res = await fx.call(handler, { ...body, lessonTitle: '  ' }, admin.token);
    expect(res.status).toBe(400);
  });

  it('returns ASCII slugs for Hungarian titles, NFC or NFD alike', () => {
    expect(slugify('Ő és Ű')).toBe('o-es-u');
    expect(slugify('Ő és Ű'.normalize('NFD'))).toBe('o-es-u');
    expect(slugify('!!!')).toBe('lesson');
  });
});
