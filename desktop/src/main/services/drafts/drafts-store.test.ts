import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createDraftsStore } from './drafts-store.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
  dirs.push(dir);
  return join(dir, 'drafts.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seeded() {
  const file = tempFile();
  const store = createDraftsStore(openDatabase(file), () => new Date('2026-01-02T03:04:05Z'));
  const lessonId = store.lessons.upsertImported({
    folder: '/lessons/01 Köszönés',
    lessonNumber: 1,
    title: 'Köszönés',
    dialogueFile: 'dialogue.mp3',
    durationSeconds: 12.5,
  });
  store.lines.replaceForLesson(lessonId, [
    { speaker: 'anna', text: 'Szia, Bence!' },
    { speaker: 'bence', text: 'SZŐLŐ és ŰRHAJÓ' },
  ]);
  store.words.replaceForLesson(lessonId, [
    { wordHu: 'szőlő', wordEn: 'grape', difficulty: 'beginner', audioFile: null, matchLevel: null },
    {
      wordHu: 'Űrhajó',
      wordEn: 'spaceship',
      difficulty: 'advanced',
      audioFile: 'űrhajó.mp3',
      matchLevel: 'exact',
    },
  ]);
  return { file, store, lessonId };
}

describe('drafts store', () => {
  it('returns WAL mode, foreign keys on and every migration recorded once after reopening', () => {
    const file = tempFile();
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.first<{ journal_mode: string }>('PRAGMA journal_mode')).toEqual({
      journal_mode: 'wal',
    });
    expect(db.first<{ foreign_keys: number }>('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(db.all('SELECT version, name FROM schema_migrations')).toEqual([
      { version: 1, name: 'drafts' },
      { version: 2, name: 'translations-and-publish-state' },
      { version: 3, name: 'published-rows' },
      { version: 4, name: 'word-times' },
      { version: 5, name: 'token-edits' },
    ]);
    db.close();
  });

  it('returns the draft with lines, words and counts', () => {
    const { store, lessonId } = seeded();
    const draft = store.getDraft(lessonId);
    expect(draft).toMatchObject({
      title: 'Köszönés',
      lessonNumber: 1,
      lineCount: 2,
      wordCount: 2,
      matchedWordCount: 1,
      publishState: 'never',
      dialogueFile: 'dialogue.mp3',
      updatedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(draft?.lines.map((line) => [line.lineNumber, line.speaker])).toEqual([
      [1, 'anna'],
      [2, 'bence'],
    ]);
  });

  it('returns Hungarian upper-case words for a lower-case search (Ő, Ű beyond ASCII NOCASE)', () => {
    const { store } = seeded();
    expect(store.words.search('ŰRHAJÓ').map((w) => w.wordHu)).toEqual(['Űrhajó']);
    expect(store.words.search('SZŐ'.normalize('NFD')).map((w) => w.wordHu)).toEqual(['szőlő']);
    expect(store.lessons.search('KÖSZ').map((l) => l.title)).toEqual(['Köszönés']);
  });

  it('returns edited line times after reopening the file (autosave is the write itself)', () => {
    const { file, store, lessonId } = seeded();
    const [first] = store.lines.listForLesson(lessonId);
    store.lines.update(first?.id ?? 0, { startTime: 0.25, endTime: 1.5 });
    store.db.close();
    const reopened = createDraftsStore(openDatabase(file));
    expect(reopened.lines.listForLesson(lessonId)[0]).toMatchObject({
      startTime: 0.25,
      endTime: 1.5,
    });
    reopened.db.close();
  });

  it('returns times only for lines of the given lesson', () => {
    const { store, lessonId } = seeded();
    const other = store.lessons.upsertImported({
      folder: '/lessons/02',
      lessonNumber: 2,
      title: 'Kettő',
      dialogueFile: null,
      durationSeconds: null,
    });
    store.lines.replaceForLesson(other, [{ speaker: 'narrator', text: 'Más' }]);
    const [foreign] = store.lines.listForLesson(other);
    expect(
      store.lines.setTimes(lessonId, [{ id: foreign?.id ?? 0, startTime: 1, endTime: 2 }]),
    ).toBe(0);
    expect(store.lines.listForLesson(other)[0]?.startTime).toBeNull();
  });

  it('returns one owner per audio file when a file is matched by hand', () => {
    const { store, lessonId } = seeded();
    const [szolo, urhajo] = store.words.listForLesson(lessonId);
    store.words.setAudio(szolo?.id ?? 0, 'űrhajó.mp3', 'manual');
    const words = store.words.listForLesson(lessonId);
    expect(words.map((w) => [w.wordHu, w.audioFile, w.matchLevel])).toEqual([
      ['szőlő', 'űrhajó.mp3', 'manual'],
      ['Űrhajó', null, null],
    ]);
    expect(urhajo?.audioFile).toBe('űrhajó.mp3');
  });

  it('returns the stored peaks exactly, from an unaligned blob', () => {
    const { store, lessonId } = seeded();
    const data = Float32Array.from([0, 0.5, 1, 0.25, 0.125]);
    store.media.putPeaks(lessonId, {
      sourceHash: 'h',
      peaksPerSecond: 100,
      durationSeconds: 0.05,
      data,
    });
    expect(Array.from(store.media.peaks(lessonId)?.data ?? [])).toEqual([0, 0.5, 1, 0.25, 0.125]);
  });

  it('returns the record of published rows per kind after reopening, replaced whole, and forgotten when the lesson is linked anew', () => {
    const { file, store, lessonId } = seeded();
    const remote = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const [line] = store.lines.listForLesson(lessonId);
    const row = (n: number, localId: number | null) => ({
      remoteId: remote(n),
      localId,
      sent: { text_content: 'Szia, Bence!', end_time: 11.44, translation_de: null },
      server: { text_content: 'Szia, Bence!', end_time: 11.55, translation_de: null },
    });
    store.publishedRows.replace(lessonId, 'line', [row(1, line?.id ?? 0), row(2, null)]);
    store.publishedRows.replace(lessonId, 'lesson', [row(3, null)]);
    store.db.close();
    const again = createDraftsStore(openDatabase(file));
    expect(again.publishedRows.list(lessonId, 'line')).toEqual([
      row(1, line?.id ?? 0),
      row(2, null),
    ]);
    again.publishedRows.replace(lessonId, 'line', [row(2, null)]);
    expect(again.publishedRows.list(lessonId, 'line')).toEqual([row(2, null)]);
    expect(again.publishedRows.list(lessonId, 'lesson')).toEqual([row(3, null)]);
    again.lessons.adoptRemote(lessonId, remote(9));
    expect(again.publishedRows.list(lessonId, 'line')).toEqual([]);
    expect(again.publishedRows.list(lessonId, 'lesson')).toEqual([]);
    again.db.close();
  });

  it('refuses a line for a missing lesson (foreign keys are enforced)', () => {
    const { store } = seeded();
    expect(() => store.lines.replaceForLesson(999, [{ speaker: 'anna', text: 'x' }])).toThrow(
      /FOREIGN KEY/,
    );
  });

  it('returns the rows gone with the lesson (cascade) and a rolled-back transaction leaves nothing', () => {
    const { file, store, lessonId } = seeded();
    expect(() =>
      store.db.transaction(() => {
        store.lines.replaceForLesson(lessonId, []);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.lines.listForLesson(lessonId)).toHaveLength(2);
    store.db.run('DELETE FROM lessons WHERE id = ?', [lessonId]);
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT count(*) AS n FROM transcript_lines').get()).toEqual({ n: 0 });
    raw.close();
  });
});
