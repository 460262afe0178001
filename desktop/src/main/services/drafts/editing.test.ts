import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { toInputs } from '../../../shared/transcript-edits.ts';
import { openDatabase } from '../db/database.ts';
import { MIGRATIONS } from '../db/migrations.ts';
import { createDraftsStore } from './drafts-store.ts';
import { ForeignLineError } from './lines-repo.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'editing-'));
  dirs.push(dir);
  return join(dir, 'drafts.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seeded() {
  const store = createDraftsStore(openDatabase(tempFile()));
  const add = (folder: string, number: number) =>
    store.lessons.upsertImported({
      folder,
      lessonNumber: number,
      title: folder,
      dialogueFile: 'dialogue.mp3',
      durationSeconds: 10,
    });
  const lessonId = add('/l/901', 901);
  const otherId = add('/l/902', 902);
  store.lines.replaceForLesson(lessonId, [
    { speaker: 'anna', text: 'Egy' },
    { speaker: 'bence', text: 'Kettő' },
    { speaker: 'anna', text: 'Három' },
  ]);
  store.lines.replaceForLesson(otherId, [{ speaker: 'narrator', text: 'Más' }]);
  return { store, lessonId, otherId };
}

describe('drafts:set-lines in the store', () => {
  it('returns lines reordered, edited and added with their ids kept and numbers from 1', () => {
    const { store, lessonId } = seeded();
    const [a, b, c] = toInputs(store.lines.listForLesson(lessonId));
    const result = store.lines.setLines(lessonId, [
      { ...(c as NonNullable<typeof c>), text: 'Három!' },
      a as NonNullable<typeof a>,
      { ...(b as NonNullable<typeof b>), id: null, text: 'Új', translationDe: ' Neu ' },
    ]);
    expect(result.map((l) => [l.lineNumber, l.id === c?.id, l.text, l.translationDe])).toEqual([
      [1, true, 'Három!', ''],
      [2, false, 'Egy', ''],
      [3, false, 'Új', 'Neu'],
    ]);
    expect(result[1]?.id).toBe(a?.id);
    expect(store.lines.listForLesson(lessonId).map((l) => l.id)).not.toContain(b?.id);
  });

  it('returns a deleted line back with its id, and never hands that id to a new line', () => {
    const { store, lessonId, otherId } = seeded();
    const before = toInputs(store.lines.listForLesson(lessonId));
    const last = before.at(-1);
    store.lines.setLines(lessonId, before.slice(0, -1));
    // The deleted line had the highest id: SQLite alone would give it to the next new line.
    store.lines.setLines(otherId, [
      ...toInputs(store.lines.listForLesson(otherId)),
      { ...before[0]!, id: null },
    ]);
    expect(store.lines.listForLesson(otherId).map((l) => l.id)).not.toContain(last?.id);
    const restored = store.lines.setLines(lessonId, before);
    expect(restored.map((l) => l.id)).toEqual(before.map((l) => l.id));
  });

  it('refuses an id of another lesson’s line, or one id twice, and changes nothing', () => {
    const { store, lessonId, otherId } = seeded();
    const before = store.lines.listForLesson(lessonId);
    const foreign = toInputs(store.lines.listForLesson(otherId));
    expect(() => store.db.transaction(() => store.lines.setLines(lessonId, foreign))).toThrow(
      ForeignLineError,
    );
    const twice = toInputs(before);
    expect(() =>
      store.db.transaction(() => store.lines.setLines(lessonId, [...twice, twice[0]!])),
    ).toThrow(ForeignLineError);
    expect(store.lines.listForLesson(lessonId)).toEqual(before);
    expect(store.lines.listForLesson(otherId)).toHaveLength(1);
  });
});

describe('publish state and live issues', () => {
  it('returns changed-since-publish after an edit and not after undoing it', () => {
    const { store, lessonId } = seeded();
    expect(store.lessons.summary(lessonId)?.changedSincePublish).toBe(false);
    store.lessons.markPublished(lessonId);
    expect(store.lessons.summary(lessonId)?.changedSincePublish).toBe(false);
    const [line] = store.lines.listForLesson(lessonId);
    store.lines.update(line?.id ?? 0, { translationEs: 'Uno' });
    expect(store.lessons.summary(lessonId)?.changedSincePublish).toBe(true);
    store.lines.update(line?.id ?? 0, { translationEs: '' });
    expect(store.lessons.summary(lessonId)?.changedSincePublish).toBe(false);
  });

  it('returns matching issues that disappear once a word gets its file', () => {
    const { store, lessonId } = seeded();
    store.words.replaceForLesson(lessonId, [
      {
        wordHu: 'alma',
        wordEn: 'apple',
        difficulty: 'beginner',
        audioFile: null,
        matchLevel: null,
      },
    ]);
    store.media.replaceAudioFiles(lessonId, [
      { file_name: 'a1.mp3', role: 'vocabulary', size: 1, content_hash: 'h', duration_seconds: 1 },
    ]);
    store.issues.replaceForLesson(lessonId, [
      { file: '', row: null, code: 'word-without-audio', message: 'stale' },
      { file: 'x.ogg', row: null, code: 'audio-unsupported', message: 'kept' },
    ]);
    const codes = () => store.getDraft(lessonId)?.issues.map((i) => i.code);
    expect(codes()).toEqual(['audio-unsupported', 'word-without-audio', 'audio-without-word']);
    expect(store.lessons.summary(lessonId)?.issueCount).toBe(3);
    const [word] = store.words.listForLesson(lessonId);
    store.words.setMatches(lessonId, [
      { wordId: word?.id ?? 0, audioFile: 'a1.mp3', matchLevel: 'manual' },
    ]);
    expect(codes()).toEqual(['audio-unsupported']);
    expect(store.lessons.summary(lessonId)?.issueCount).toBe(1);
  });

  it('returns the decomposed-name note while its file has no word, none once it is matched, and audio files in Hungarian order', () => {
    const { store, lessonId } = seeded();
    const nfd = 'szőlő.mp3'.normalize('NFD');
    store.words.replaceForLesson(lessonId, [
      {
        wordHu: 'szőlő',
        wordEn: 'grape',
        difficulty: 'beginner',
        audioFile: null,
        matchLevel: null,
      },
    ]);
    const files = ['zab.mp3', nfd, 'cukor.mp3', 'csiga.mp3', 'öt.mp3', 'ó.mp3', 'ő.mp3'];
    store.media.replaceAudioFiles(
      lessonId,
      files.map((file_name) => ({
        file_name,
        role: 'vocabulary' as const,
        size: 1,
        content_hash: 'h',
        duration_seconds: 1,
      })),
    );
    store.issues.replaceForLesson(lessonId, [
      { file: 'szőlő.mp3', row: null, code: 'name-not-nfc', message: 'decomposed' },
    ]);
    const notes = () =>
      store.getDraft(lessonId)?.issues.filter((i) => i.code === 'name-not-nfc').length;
    expect(notes()).toBe(1);
    const before = store.lessons.summary(lessonId)?.issueCount ?? 0;
    const [word] = store.words.listForLesson(lessonId);
    store.words.setMatches(lessonId, [
      { wordId: word?.id ?? 0, audioFile: nfd, matchLevel: 'manual' },
    ]);
    expect(notes()).toBe(0);
    // The note, the word without audio and its file without a word are gone.
    expect(before).toBe(9);
    expect(store.lessons.summary(lessonId)?.issueCount).toBe(6);
    expect(store.getDraft(lessonId)?.audioFiles.map((f) => f.normalize('NFC'))).toEqual([
      'cukor.mp3',
      'csiga.mp3',
      'ó.mp3',
      // ö and ő are one letter before the accent counts: "ő." before "öt".
      'ő.mp3',
      'öt.mp3',
      'szőlő.mp3',
      'zab.mp3',
    ]);
  });

  it('returns word meanings edited in NFC, trimmed, fields not given left alone', () => {
    const { store, lessonId } = seeded();
    store.words.replaceForLesson(lessonId, [
      {
        wordHu: 'kávé',
        wordEn: 'coffee',
        wordDe: 'Kaffee',
        difficulty: 'beginner',
        audioFile: null,
        matchLevel: null,
      },
    ]);
    const [word] = store.words.listForLesson(lessonId);
    store.words.update(word?.id ?? 0, { wordEs: ' cafe\u0301 ' });
    expect(store.words.get(word?.id ?? 0)).toMatchObject({
      wordEn: 'coffee',
      wordDe: 'Kaffee',
      wordEs: 'café',
    });
  });
});

describe('drafts file of the previous version', () => {
  it('returns its lessons and lines after the new migration, with empty translations', () => {
    const file = tempFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
      applied_at TEXT NOT NULL) STRICT`);
    old.exec(MIGRATIONS[0]?.sql ?? '');
    old.prepare('INSERT INTO schema_migrations VALUES (1, ?, ?)').run('drafts', 'then');
    old.exec(`INSERT INTO lessons (id, folder, title, title_search, created_at, updated_at)
      VALUES (1, '/l/1', 'Régi', 'régi', 'then', 'then');
      INSERT INTO transcript_lines (lesson_id, line_number, speaker, text, text_search, start_time, end_time)
      VALUES (1, 1, 'anna', 'Szia', 'szia', 0.5, 1.5)`);
    old.close();
    const store = createDraftsStore(openDatabase(file));
    expect(store.lines.listForLesson(1)).toEqual([
      expect.objectContaining({
        text: 'Szia',
        startTime: 0.5,
        translationEn: '',
        translationDe: '',
      }),
    ]);
    expect(store.lessons.summary(1)).toMatchObject({ title: 'Régi', changedSincePublish: false });
    store.db.close();
  });
});
