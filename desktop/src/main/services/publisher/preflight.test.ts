import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import { preflight, takenNumbers } from './preflight.ts';

describe('preflight', () => {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-'));
  const store = openDraftsStore(join(dir, 'drafts.sqlite'));
  afterAll(() => {
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const add = (folder: string, lessonNumber: number | null, title: string) =>
    store.lessons.upsertImported({
      folder,
      lessonNumber,
      title,
      dialogueFile: null,
      durationSeconds: null,
    });
  const a = add('/a', 912, 'Egy');
  const b = add('/b', 912, 'Kettő');
  const c = add('/c', 913, 'Három');

  it('returns an error for two drafts sharing a lesson number, naming the other', () => {
    const [first, , third] = preflight(store, [a, b, c], []);
    expect(first?.issues[0]).toMatchObject({
      code: 'check-duplicate-number',
      severity: 'error',
      message: 'Lesson number 912 is also given to “Kettő” in this studio.',
    });
    expect(third?.issues.map((i) => i.code)).not.toContain('check-duplicate-number');
  });

  it('returns a conflict only with a server lesson that is not the draft’s own', () => {
    const server = [
      {
        id: '00000000-0000-4000-8000-000000000913',
        title: 'Három (web)',
        lesson_number: 913,
        is_published: false,
      },
    ];
    expect(preflight(store, [c], server)[0]?.conflict).toEqual({
      remoteId: server[0]?.id,
      title: 'Három (web)',
      lessonNumber: 913,
    });
    store.lessons.adoptRemote(c, server[0]?.id ?? '');
    expect(preflight(store, [c], server)[0]?.conflict).toBeNull();
    const untitled = { id: 'x', title: 'Nincs', lesson_number: null, is_published: false };
    expect(takenNumbers([...server, untitled])).toEqual([913]);
  });
});
