import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLessonsRoot } from '../../../../test/support/lessons.ts';
import type { ImportProgress, ImportReport } from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from './import-root.ts';
import { runImportInWorker } from './run-import.ts';

describe('importRoot', () => {
  const base = mkdtempSync(join(tmpdir(), 'import-'));
  const root = join(base, 'lessons');
  let store: DraftsStore;
  let report: ImportReport;
  const progress: ImportProgress[] = [];

  beforeAll(async () => {
    writeLessonsRoot(root);
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    report = await importRoot(root, store, { onProgress: (p) => progress.push(p) });
  });
  afterAll(() => {
    store.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  const lesson = (title: string) => {
    const summary = store.lessons.list().find((l) => l.title === title);
    return summary ? store.getDraft(summary.id) : null;
  };
  const issuesOf = (folder: string) => report.issues.filter((i) => i.folder === folder);

  it('returns one draft per folder, the bad ones included, with progress for each', () => {
    expect(store.lessons.list().map((l) => [l.lessonNumber, l.title])).toEqual([
      [1, 'Köszönés'],
      [2, 'Piac'],
      [3, 'Üres'],
    ]);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3]);
    expect(progress.every((p) => p.total === 3)).toBe(true);
  });

  it('returns the clean lesson with lines, duration, peaks and words matched at four levels', () => {
    const draft = lesson('Köszönés');
    expect(draft?.lines.map((l) => [l.speaker, l.text])).toEqual([
      ['anna', 'Szia, Bence!'],
      ['bence', 'Szia Anna! Hogy vagy?'],
      ['anna', 'Köszönöm, jól.'],
    ]);
    expect(draft?.durationSeconds).toBeCloseTo(6, 0);
    expect(
      draft?.words.map((w) => [w.wordHu, w.audioFile?.normalize('NFC') ?? null, w.matchLevel]),
    ).toEqual([
      ['szia', 'words/szia.mp3', 'exact'],
      ['köszönöm', 'words/köszönöm.mp3', 'exact'],
      ['jó reggelt', 'words/Jó Reggelt.wav', 'case-insensitive'],
      ['őszibarack', null, null],
    ]);
    const peaks = store.media.peaks(draft?.id ?? 0);
    expect(peaks?.peaksPerSecond).toBe(100);
    expect(peaks?.data.length).toBeGreaterThanOrEqual(595);
    expect(Math.max(...(peaks?.data ?? []))).toBeGreaterThan(0.5);
  });

  it('returns the NFD name, the unmatched word and the unmatched file as issues of the clean lesson', () => {
    const codes = issuesOf('01 Köszönés').map((i) => [i.code, i.file]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['name-not-nfc', 'words/köszönöm.mp3'],
        ['word-without-audio', ''],
        ['audio-without-word', 'words/extra.mp3'],
      ]),
    );
    expect(codes).toHaveLength(3);
  });

  it('returns the Windows-1250 transcript decoded whole, and bad difficulty, truncated, lying and broken files as issues', () => {
    const issues = issuesOf('02 Piac');
    const byFile = (file: string) => issues.filter((i) => i.file === file).map((i) => i.code);
    expect(byFile('transcript.csv')).toEqual([]);
    expect(lesson('Piac')?.lines.map((l) => l.text)).toEqual([
      'A piacon',
      'Kérek egy kiló szőlőt.',
    ]);
    expect(issues.find((i) => i.code === 'invalid-difficulty')).toMatchObject({
      file: 'vocabulary.csv',
      row: 2,
      message: "Row 2: Invalid difficulty 'easy'",
    });
    expect(byFile('körte.mp3')).toEqual(['audio-truncated']);
    expect(byFile('szőlő.wav')).toEqual(['audio-length-mismatch']);
    expect(byFile('alma.mp3')).toEqual(['audio-unreadable']);
    // By content: 'OggS' alone is a broken Ogg file; a WMA (by its ASF header) is refused.
    expect(byFile('dinnye.ogg')).toEqual(['audio-unreadable']);
    expect(byFile('dinnye.wma')).toEqual(['audio-unsupported']);
    expect(lesson('Piac')?.durationSeconds).toBeCloseTo(3, 0);
  });

  it('returns the empty folder with what is missing', () => {
    expect(
      issuesOf('03 Üres')
        .map((i) => i.code)
        .sort(),
    ).toEqual(['no-dialogue-audio', 'no-transcript-csv', 'no-vocabulary-csv']);
  });

  it('returns edited times and manual matches kept when the same folder is imported again', async () => {
    const draft = lesson('Köszönés');
    const [first] = draft?.lines ?? [];
    const extra = draft?.words.find((w) => w.wordHu === 'őszibarack');
    store.lines.setTimes(draft?.id ?? 0, [{ id: first?.id ?? 0, startTime: 0.1, endTime: 1.3 }]);
    store.words.setAudio(extra?.id ?? 0, 'words/extra.mp3', 'manual');
    await importRoot(root, store);
    const again = lesson('Köszönés');
    expect(again?.lines[0]).toMatchObject({ startTime: 0.1, endTime: 1.3 });
    expect(again?.words.find((w) => w.wordHu === 'őszibarack')).toMatchObject({
      audioFile: 'words/extra.mp3',
      matchLevel: 'manual',
    });
    expect(store.lessons.list()).toHaveLength(3);
  });

  it('returns the same report from a worker thread, with progress relayed', async () => {
    const events: ImportProgress[] = [];
    const workerReport = await runImportInWorker(
      { url: new URL('./import-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
      { root, dbFile: join(base, 'worker.sqlite') },
      (p) => events.push(p),
    );
    expect(workerReport.lessons.map((l) => l.title)).toEqual(['Köszönés', 'Piac', 'Üres']);
    expect(events).toHaveLength(3);
    const inWorker = openDraftsStore(join(base, 'worker.sqlite'));
    expect(inWorker.lessons.list().map((l) => l.lineCount)).toEqual([3, 2, 0]);
    inWorker.db.close();
  });
});
