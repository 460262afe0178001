import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsFixture } from '../_shared/test-server.ts';
import type { FunctionsFixture, TestUser } from '../_shared/test-server.ts';
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

  const body = {
    lessonTitle: 'Első lecke: a kávézóban',
    lessonDescription: 'Anna és Bence kávét rendel.',
    lessonLevel: 'beginner',
    transcriptPreview: 'NARRATOR: Egy kávézóban vagyunk.',
  };

  it('returns a public URL of a PNG stored in lesson-images', async () => {
    const res = await fx.call(handler, body, admin.token);
    expect(res.status).toBe(200);
    const { imageUrl, path } = (await res.json()) as { imageUrl: string; path: string };
    expect(path).toMatch(/^generated\/elso-lecke-a-kavezoban-[0-9a-f]{8}\.png$/);
    expect(imageUrl).toBe(`${fx.server.url}/storage/v1/object/public/lesson-images/${path}`);
    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('returns the same picture for the same title', async () => {
    const first = (await (await fx.call(handler, body, admin.token)).json()) as {
      imageUrl: string;
    };
    const a = new Uint8Array(await (await fetch(first.imageUrl)).arrayBuffer());
    const other = (await (
      await fx.call(handler, { ...body, lessonTitle: 'Második lecke' }, admin.token)
    ).json()) as { imageUrl: string };
    const b = new Uint8Array(await (await fetch(other.imageUrl)).arrayBuffer());
    const again = (await (await fx.call(handler, body, admin.token)).json()) as {
      imageUrl: string;
    };
    const c = new Uint8Array(await (await fetch(again.imageUrl)).arrayBuffer());
    expect(again.imageUrl).toBe(first.imageUrl);
    expect(Buffer.from(c).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(false);
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
