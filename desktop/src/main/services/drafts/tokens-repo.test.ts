import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenize } from '@magyarul/core/tokens';
import { afterEach, describe, expect, it } from 'vitest';
import type { LineTokens } from '../../../shared/model.ts';
import { openDatabase } from '../db/database.ts';
import { createDraftsStore } from './drafts-store.ts';
import type { DraftsStore } from './drafts-store.ts';
import { StaleTokenError } from './tokens-repo.ts';
import { tokenEdit } from '../../../../test/support/token-edit.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function lesson() {
  const dir = mkdtempSync(join(tmpdir(), 'tokens-'));
  dirs.push(dir);
  const store = createDraftsStore(openDatabase(join(dir, 'drafts.sqlite')));
  const lessonId = store.lessons.upsertImported({
    folder: '/lessons/01',
    lessonNumber: 1,
    title: 'Köszönés',
    dialogueFile: 'dialogue.mp3',
    durationSeconds: 12.5,
  });
  store.lines.replaceForLesson(lessonId, [
    { speaker: 'anna', text: 'Jó napot, Bence!' },
    { speaker: 'bence', text: 'Szia!' },
  ]);
  const [first, second] = store.lines.listForLesson(lessonId);
  if (!first || !second) throw new Error('no lines');
  return { store, lessonId, first, second };
}

const timed = (lineId: number, text: string, offset: number): LineTokens => ({
  lineId,
  tokens: tokenize(text).map((token, i) => ({
    position: token.position,
    text: token.text,
    charStart: token.start,
    charEnd: token.end,
    times: {
      normal: { start: offset + i * 0.3, end: offset + i * 0.3 + 0.25 },
      slow: { start: null, end: null },
      natural: { start: null, end: null },
    },
  })),
});

describe('transcript tokens', () => {
  it('returns the words with their times per version, as stored', () => {
    const { store, lessonId, first } = lesson();
    store.tokens.set(lessonId, [timed(first.id, first.text, 1)]);
    const draft = store.getDraft(lessonId);
    expect(draft?.tokens).toEqual([timed(first.id, first.text, 1)]);
    expect(draft?.tokens[0]?.tokens.map((t) => t.text)).toEqual(['Jó', 'napot', 'Bence']);
  });

  it('returns no words for a line whose text changed, by edit or by a structural edit', () => {
    const { store, lessonId, first, second } = lesson();
    store.tokens.set(lessonId, [timed(first.id, first.text, 1), timed(second.id, second.text, 3)]);
    store.lines.update(first.id, { text: 'Jó estét, Bence!' });
    expect(store.tokens.listForLesson(lessonId).map((l) => l.lineId)).toEqual([second.id]);
    // A translation edit keeps them.
    store.lines.update(second.id, { translationEn: 'Hi!' });
    expect(store.tokens.listForLesson(lessonId).map((l) => l.lineId)).toEqual([second.id]);
    const inputs = store.lines
      .listForLesson(lessonId)
      .map((l) => ({ ...l, text: `${l.text} Igen.` }));
    store.lines.setLines(lessonId, inputs);
    expect(store.tokens.listForLesson(lessonId)).toEqual([]);
  });

  it('refuses words that are not the line’s text at their offsets, and lines of other lessons', () => {
    const { store, lessonId, first } = lesson();
    expect(() => store.tokens.set(lessonId, [timed(first.id, 'Jó estét, Bence!', 1)])).toThrow(
      StaleTokenError,
    );
    store.tokens.set(lessonId + 1, [timed(first.id, first.text, 1)]);
    expect(store.tokens.listForLesson(lessonId)).toEqual([]);
  });

  it('returns hand-timed marks as set with the times', () => {
    const { store, lessonId, first, second } = lesson();
    store.lines.setTimes(lessonId, [
      { id: first.id, startTime: 0.5, endTime: 1.9, byHand: true },
      { id: second.id, startTime: 2.4, endTime: 3 },
    ]);
    expect(store.lines.listForLesson(lessonId).map((l) => [l.startTime, l.timedByHand])).toEqual([
      [0.5, true],
      [2.4, false],
    ]);
  });

  const wordsOf = (store: DraftsStore, lessonId: number, lineId: number) =>
    store.tokens.listForLesson(lessonId).find((l) => l.lineId === lineId)?.tokens ?? [];

  it('returns an author’s edit of a word as stored (NFC, trimmed), pending until published', () => {
    const { store, lessonId, first } = lesson();
    // Not aligned yet: the line's words come in without times for the edit.
    expect(
      store.tokens.editToken(
        first.id,
        1,
        tokenEdit(' na\u0301p ', {
          meaningDe: ' Tag ',
          meaningEn: '  ',
          grammarNotes: ['accusative', 'accusative'],
        }),
      ),
    ).toBe(true);
    const words = wordsOf(store, lessonId, first.id);
    expect(words.map((w) => w.text)).toEqual(['Jó', 'napot', 'Bence']);
    expect(words[1]?.edit).toEqual(
      tokenEdit('náp', { meaningDe: 'Tag', grammarNotes: ['accusative'] }),
    );
    expect(words[1]?.editPending).toBe(true);
    expect(words[0]).not.toHaveProperty('edit');
    expect(words[1]?.times.normal).toEqual({ start: null, end: null });
    expect(store.tokens.editToken(first.id, 9, tokenEdit('x'))).toBe(false);
    store.tokens.markEditsSent([first.id]);
    expect(wordsOf(store, lessonId, first.id)[1]?.editPending).toBe(false);
  });

  it('returns the edits kept through a new alignment of the same text', () => {
    const { store, lessonId, first } = lesson();
    store.tokens.set(lessonId, [timed(first.id, first.text, 1)]);
    store.tokens.editToken(first.id, 2, tokenEdit('Bence', { isName: true }));
    store.db.transaction(() => store.tokens.set(lessonId, [timed(first.id, first.text, 2)]));
    const words = wordsOf(store, lessonId, first.id);
    expect(words[2]?.edit).toEqual(tokenEdit('Bence', { isName: true }));
    expect(words[2]?.editPending).toBe(true);
    expect(words[2]?.times.normal.start).toBeCloseTo(2.6);
  });

  it('returns the edits of the words that survive a text change, without times', () => {
    const { store, lessonId, first } = lesson();
    store.tokens.set(lessonId, [timed(first.id, first.text, 1)]);
    store.tokens.editToken(first.id, 0, tokenEdit('jó', { meaningEn: 'good' }));
    store.tokens.editToken(first.id, 2, tokenEdit('Bence', { isName: true }));
    store.tokens.markEditsSent([first.id]);
    store.lines.update(first.id, { text: 'Jó estét, Bence!' });
    const words = wordsOf(store, lessonId, first.id);
    expect(words.map((w) => [w.text, w.edit?.lemma ?? null, w.editPending ?? false])).toEqual([
      ['Jó', 'jó', true],
      ['estét', null, false],
      ['Bence', 'Bence', true],
    ]);
    expect(words.every((w) => w.times.normal.start === null)).toBe(true);
    // Back to the proposal: the edit goes.
    store.tokens.editToken(first.id, 0, null);
    expect(wordsOf(store, lessonId, first.id)[0]).not.toHaveProperty('edit');
    store.tokens.dropPendingEdits(first.id);
    expect(wordsOf(store, lessonId, first.id).some((w) => w.edit)).toBe(false);
  });
});
