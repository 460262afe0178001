import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../../test/support/audio.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from './import-root.ts';

describe('importing the same folder again', () => {
  const base = mkdtempSync(join(tmpdir(), 'reimport-'));
  const root = join(base, 'lessons');
  const folder = join(root, '901 Kávézó');
  let store: DraftsStore;
  const write = (name: string, text: string | Buffer) => writeFileSync(join(folder, name), text);
  const draft = () => store.getDraft(store.lessons.list()[0]?.id ?? 0);

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    writeAudio(join(folder, 'dialogue.wav'), 6, { on: 1.4, off: 0.6 });
    writeAudio(join(folder, 'kávé.wav'), 0.3);
    write(
      'transcript.csv',
      'speaker,line,translation_en,translation_de\nanna,Egy kávét kérek.,"A coffee, please.",\nbence,Tessék.,Here you are.,Bitte.\nanna,Köszönöm.,Thank you.,Danke.\n',
    );
    write(
      'vocabulary.csv',
      'word_hu,word_en,difficulty,word_de,word_es\nkávé,coffee,beginner,Kaffee,\n',
    );
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(root, store);
  });
  afterAll(() => {
    store.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns the translations and meanings of the optional columns', () => {
    expect(draft()?.lines.map((l) => [l.translationEn, l.translationDe, l.translationEs])).toEqual([
      ['A coffee, please.', '', ''],
      ['Here you are.', 'Bitte.', ''],
      ['Thank you.', 'Danke.', ''],
    ]);
    expect(draft()?.words[0]).toMatchObject({ wordDe: 'Kaffee', wordEs: '' });
  });

  it('returns the author’s edits kept when the files did not change', async () => {
    const [first, second] = draft()?.lines ?? [];
    store.lines.update(first?.id ?? 0, {
      text: 'Egy kávét kérek szépen.',
      translationDe: 'Einen Kaffee, bitte.',
    });
    store.lines.setTimes(draft()?.id ?? 0, [{ id: second?.id ?? 0, startTime: 2, endTime: 3.4 }]);
    store.words.update(draft()?.words[0]?.id ?? 0, { wordEs: 'café' });
    await importRoot(root, store);
    expect(draft()?.lines.map((l) => [l.text, l.translationDe, l.startTime])).toEqual([
      ['Egy kávét kérek szépen.', 'Einen Kaffee, bitte.', null],
      ['Tessék.', 'Bitte.', 2],
      ['Köszönöm.', 'Danke.', null],
    ]);
    expect(draft()?.words[0]).toMatchObject({ wordDe: 'Kaffee', wordEs: 'café' });
  });

  it('returns a changed file’s lines with the times of the lines that did not change', async () => {
    write(
      'transcript.csv',
      'speaker,line\nnarrator,A kávézóban.\nanna,Egy kávét kérek.\nbence,Tessék.\nanna,Köszönöm.\n',
    );
    await importRoot(root, store);
    expect(draft()?.lines.map((l) => [l.speaker, l.text, l.startTime, l.translationDe])).toEqual([
      ['narrator', 'A kávézóban.', null, ''],
      ['anna', 'Egy kávét kérek.', null, ''],
      ['bence', 'Tessék.', 2, 'Bitte.'],
      ['anna', 'Köszönöm.', null, 'Danke.'],
    ]);
  });

  it('returns the earlier transcript kept whole, with the refusal and core’s finding, when the new file is refused', async () => {
    const before = draft()?.lines;
    write('transcript.csv', 'speaker,line\nanna,Egy kávét kérek.\nbence,\n');
    const report = await importRoot(root, store);
    expect(draft()?.lines).toEqual(before);
    const issues = report.issues.filter((i) => i.file === 'transcript.csv');
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'transcript-refused',
        message:
          'Transcript transcript.csv was not imported (the problems below). Nothing from it was kept; fix the file and import it again.',
      }),
      // The web admin's text for the same file (core's catalogue key csv.rowMissing).
      expect.objectContaining({ row: 3, code: 'missing-cells', message: 'Row 3: Missing line' }),
    ]);
    expect(report.issues.map((i) => i.code)).not.toContain('no-transcript-csv');
  });

  it('returns the review editor’s SPEAKER: text lines from a transcript .txt file', async () => {
    rmSync(join(folder, 'transcript.csv'));
    write('transcript.txt', 'ANNA: Egy teát kérek.\nBENCE: Tessék, a tea.\n');
    await importRoot(root, store);
    expect(draft()?.lines.map((l) => [l.speaker, l.text])).toEqual([
      ['anna', 'Egy teát kérek.'],
      ['bence', 'Tessék, a tea.'],
    ]);
  });
});
