import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../test/support/audio.ts';
import type { EventMap } from '../../shared/ipc.ts';
import { createDispatcher } from '../dispatch.ts';
import { createStudio } from './studio.ts';
import type { Studio } from './studio.ts';

describe('createStudio handlers', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-'));
  const root = join(base, 'lessons');
  const events: EventMap['import:progress'][] = [];
  let chosen: string | null = null;
  let studio: Studio;

  beforeAll(() => {
    const lesson = join(root, '01 Alma');
    mkdirSync(lesson, { recursive: true });
    writeAudio(join(lesson, 'dialogue.wav'), 1);
    writeAudio(join(lesson, 'alma.wav'), 0.3);
    writeFileSync(join(lesson, 'transcript.csv'), 'speaker,line\nanna,Alma.\n');
    writeFileSync(
      join(lesson, 'vocabulary.csv'),
      'word_hu,word_en,difficulty\nalma,apple,beginner\n',
    );
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside', 'secret.wav'), 'x');
    symlinkSync(join(base, 'outside'), join(lesson, 'escape'));
    studio = createStudio({
      dataDir: join(base, 'data'),
      chooseFolder: () => Promise.resolve(chosen),
      emit: (channel, payload) => {
        if (channel === 'import:progress') events.push(payload as EventMap['import:progress']);
      },
      mediaUrl: (ref) => `test://${ref.kind}`,
      log: () => undefined,
    });
  });
  afterAll(() => {
    studio.close();
    rmSync(base, { recursive: true, force: true });
  });
  const dispatch = () => createDispatcher(studio.handlers, () => undefined);

  it('refuses an import before a folder is chosen, and a path outside the chosen folder', async () => {
    await expect(dispatch()('import:scan-folder', [root])).resolves.toMatchObject({
      ok: false,
      error: { code: 'no-root' },
    });
    chosen = root;
    await expect(dispatch()('root:choose', [])).resolves.toEqual({ ok: true, value: root });
    for (const path of [base, join(root, '..', 'outside'), join(root, '01 Alma', 'escape')]) {
      await expect(dispatch()('import:scan-folder', [path])).resolves.toMatchObject({
        ok: false,
        error: { code: 'outside-root' },
      });
    }
  });

  it('returns the imported lesson with progress events for the chosen folder', async () => {
    const result = await dispatch()('import:scan-folder', [root]);
    expect(result).toMatchObject({
      ok: true,
      value: { lessons: [{ title: 'Alma', lineCount: 1 }] },
    });
    expect(events.at(-1)).toMatchObject({ done: 1, total: 1 });
  });

  it('returns media only for files that belong to the lesson', () => {
    const [lesson] = studio.store.lessons.list();
    const id = lesson?.id ?? 0;
    expect(studio.resolveMedia({ kind: 'dialogue', lessonId: id })).toBe(
      join(root, '01 Alma', 'dialogue.wav'),
    );
    expect(studio.resolveMedia({ kind: 'vocabulary', lessonId: id, file: 'alma.wav' })).toBe(
      join(root, '01 Alma', 'alma.wav'),
    );
    for (const file of [
      'dialogue.wav',
      '../../outside/secret.wav',
      'escape/secret.wav',
      '/etc/passwd',
    ]) {
      expect(studio.resolveMedia({ kind: 'vocabulary', lessonId: id, file })).toBeNull();
    }
    expect(studio.resolveMedia({ kind: 'dialogue', lessonId: 999 })).toBeNull();
  });

  it('refuses to match a word to a file that is not one of its lesson’s audio files', async () => {
    const [lesson] = studio.store.lessons.list();
    const [word] = studio.store.words.listForLesson(lesson?.id ?? 0);
    await expect(
      dispatch()('drafts:match-word', [word?.id, '../../outside/secret.wav']),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'file-not-in-lesson' },
    });
    await expect(dispatch()('drafts:match-word', [word?.id, null])).resolves.toMatchObject({
      ok: true,
      value: { audioFile: null },
    });
    await expect(dispatch()('drafts:match-word', [word?.id, 'alma.wav'])).resolves.toMatchObject({
      ok: true,
      value: { audioFile: 'alma.wav', matchLevel: 'manual' },
    });
  });

  it('returns peaks base64-encoded at 100 per second', async () => {
    const [lesson] = studio.store.lessons.list();
    const result = await dispatch()('drafts:peaks', [lesson?.id ?? 0]);
    expect(result).toMatchObject({ ok: true, value: { peaksPerSecond: 100 } });
    const data = (result as { value: { data: string } }).value.data;
    expect(Buffer.from(data, 'base64').length).toBeGreaterThanOrEqual(99);
  });
});
