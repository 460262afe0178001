import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../test/support/audio.ts';
import { tokenEdit } from '../../../test/support/token-edit.ts';
import type { EventMap } from '../../shared/ipc.ts';
import { toInputs } from '../../shared/transcript-edits.ts';
import { ANALYSER_DICTIONARY } from '../../../test/support/dictionary.ts';
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
      openExternal: () => Promise.resolve(),
      analyserDictionary: ANALYSER_DICTIONARY,
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

  it('refuses edits that reach into another lesson, another lesson’s line or a file outside the lesson', async () => {
    const [lesson] = studio.store.lessons.list();
    const id = lesson?.id ?? 0;
    const other = studio.store.lessons.upsertImported({
      folder: join(base, 'other'),
      lessonNumber: 902,
      title: 'Más',
      dialogueFile: null,
      durationSeconds: null,
    });
    studio.store.lines.replaceForLesson(other, [{ speaker: 'anna', text: 'Idegen' }]);
    studio.store.words.replaceForLesson(other, [
      { wordHu: 'más', wordEn: 'other', difficulty: 'beginner', audioFile: null, matchLevel: null },
    ]);
    const [foreignLine] = studio.store.lines.listForLesson(other);
    const [foreignWord] = studio.store.words.listForLesson(other);
    const [ownWord] = studio.store.words.listForLesson(id);
    const line = (lineId: number | null) => ({
      id: lineId,
      speaker: 'anna',
      text: 'Ellopva',
      startTime: null,
      endTime: null,
      translationEn: '',
      translationDe: '',
      translationEs: '',
    });
    const refused = async (channel: string, args: unknown[], code: string) =>
      expect(await dispatch()(channel, args)).toMatchObject({ ok: false, error: { code } });

    await refused('drafts:set-lines', [id, [line(foreignLine?.id ?? 0)]], 'line-not-in-lesson');
    expect(studio.store.lines.listForLesson(other)[0]?.text).toBe('Idegen');
    await refused('drafts:set-lines', [999_999, [line(null)]], 'not-found');
    await refused(
      'drafts:set-word-matches',
      [id, [{ wordId: foreignWord?.id ?? 0, audioFile: null, matchLevel: null }]],
      'word-not-in-lesson',
    );
    await refused(
      'drafts:set-word-matches',
      [
        id,
        [{ wordId: ownWord?.id ?? 0, audioFile: '../../outside/secret.wav', matchLevel: 'manual' }],
      ],
      'file-not-in-lesson',
    );
    await refused(
      'drafts:set-word-matches',
      [id, [{ wordId: ownWord?.id ?? 0, audioFile: 'dialogue.wav', matchLevel: 'manual' }]],
      'file-not-in-lesson',
    );
    await refused('drafts:update-word', [999_999, { wordDe: 'x' }], 'word-not-found');
    // A word of a line linked to another lesson's word, or a line that is not there.
    const ownLine = studio.store.lines.listForLesson(id)[0]?.id ?? 0;
    const edit = tokenEdit('alma', { wordId: foreignWord?.id ?? 0, meaningDe: 'Apfel' });
    await refused('drafts:edit-token', [ownLine, 0, edit], 'word-not-in-lesson');
    await refused('drafts:edit-token', [999_999, 0, { ...edit, wordId: null }], 'not-found');
    await refused('drafts:edit-token', [ownLine, 7, { ...edit, wordId: null }], 'not-found');
    expect(studio.store.tokens.listForLesson(id).flatMap((l) => l.tokens)).not.toContainEqual(
      expect.objectContaining({ edit: expect.anything() as unknown }),
    );
    const own = await dispatch()('drafts:edit-token', [
      ownLine,
      0,
      { ...edit, wordId: ownWord?.id ?? 0 },
    ]);
    expect(own).toMatchObject({
      ok: true,
      value: [
        {
          text: 'Alma',
          edit: { lemma: 'alma', wordId: ownWord?.id, meaningDe: 'Apfel' },
          editPending: true,
        },
      ],
    });
    await refused(
      'publish:adopt-remote',
      [999_999, '0b6c1f6e-3b9a-4c59-9f5a-1d2e3f4a5b6c'],
      'not-found',
    );
  });

  it('returns a whole transcript set in one call and a word’s meanings edited', async () => {
    const [lesson] = studio.store.lessons.list();
    const id = lesson?.id ?? 0;
    const [line] = studio.store.lines.listForLesson(id);
    const result = await dispatch()('drafts:set-lines', [
      id,
      [
        { ...toInputs(line ? [line] : [])[0], translationDe: 'Apfel.' },
        {
          id: null,
          speaker: 'BENCE',
          text: 'Kérek egy almát.',
          startTime: 0.5,
          endTime: 0.9,
          translationEn: '',
          translationDe: '',
          translationEs: '',
        },
      ],
    ]);
    expect(result).toMatchObject({
      ok: true,
      value: [
        { id: line?.id, lineNumber: 1, translationDe: 'Apfel.' },
        { lineNumber: 2, speaker: 'bence', text: 'Kérek egy almát.' },
      ],
    });
    const [word] = studio.store.words.listForLesson(id);
    expect(await dispatch()('drafts:update-word', [word?.id, { wordEs: 'manzana' }])).toMatchObject(
      {
        ok: true,
        value: { wordHu: 'alma', wordEs: 'manzana' },
      },
    );
  });

  it('returns a word added with its difficulty, a difficulty changed, and refuses a bad difficulty or an empty word', async () => {
    const [lesson] = studio.store.lessons.list();
    const id = lesson?.id ?? 0;
    const added = await dispatch()('drafts:add-word', [
      id,
      {
        wordHu: ' kávé ',
        wordEn: 'coffee',
        wordDe: 'Kaffee',
        wordEs: '',
        difficulty: 'intermediate',
      },
    ]);
    expect(added).toMatchObject({
      ok: true,
      value: { wordHu: 'kávé', wordEn: 'coffee', difficulty: 'intermediate', audioFile: null },
    });
    const wordId = (added as { value: { id: number } }).value.id;
    expect(
      await dispatch()('drafts:update-word', [wordId, { difficulty: 'advanced' }]),
    ).toMatchObject({ ok: true, value: { difficulty: 'advanced', wordEn: 'coffee' } });
    const refusals: [string, unknown[]][] = [
      ['drafts:update-word', [wordId, { difficulty: 'easy' }]],
      [
        'drafts:add-word',
        [id, { wordHu: 'x', wordEn: 'y', wordDe: '', wordEs: '', difficulty: 'easy' }],
      ],
    ];
    for (const [channel, args] of refusals) {
      expect(await dispatch()(channel, args)).toMatchObject({
        ok: false,
        error: { code: 'invalid_argument' },
      });
    }
    expect(
      await dispatch()('drafts:add-word', [
        id,
        { wordHu: ' ', wordEn: 'y', wordDe: '', wordEs: '', difficulty: 'beginner' },
      ]),
    ).toMatchObject({ ok: false, error: { code: 'word-needs-text' } });
    expect(await dispatch()('drafts:remove-word', [wordId])).toEqual({ ok: true, value: null });
    expect(studio.store.words.listForLesson(id).map((w) => w.wordHu)).toEqual(['alma']);
  });
});
