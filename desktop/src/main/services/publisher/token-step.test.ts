import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenize } from '@magyarul/core/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../test/support/backend.ts';
import {
  createAccount,
  serviceClient,
  startBackendProcess,
} from '../../../../test/support/backend.ts';
import { writeLessonsRoot } from '../../../../test/support/lessons.ts';
import { timeAllLines } from '../../../../test/support/timing.ts';
import type { ChangeChoice, PublishRequest } from '../../../shared/model.ts';
import { studioMessage } from '../../../shared/messages.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from '../importer/import-root.ts';
import { checkBeforePublish, publishLessons } from './publish.ts';
import { tokenEdit } from '../../../../test/support/token-edit.ts';
import { ANALYSER_DICTIONARY } from '../../../../test/support/dictionary.ts';
import { createSpellChecker } from '../spelling/spell-checker.ts';

// Word times reach the server with the studio's publish (issue 28 point 6, issue 31 point 4):
// the lines' words with the times the aligner gave them, and an author's edit of a word on the
// web survives the next publish, which only brings new times.

const ADMIN = { email: 'studio-tokens@magyarul.local', password: 'studio-tokens-pw' };
const quiet = { log: () => undefined, onProgress: () => undefined };

describe('publishing the words of lines', () => {
  const base = mkdtempSync(join(tmpdir(), 'publish-tokens-'));
  let backend: Backend;
  let store: DraftsStore;
  let lessonId: number;
  const request = (): PublishRequest => ({
    url: backend.url,
    anonKey: backend.anonKey,
    ...ADMIN,
    allowInsecure: false,
    lessonIds: [lessonId],
    status: 'draft',
    acceptWarnings: true,
    confirmUnpublish: true,
    choices: [],
  });

  /** Word times as the aligner leaves them: each line's words spread over its span, + shift. */
  const alignWords = (shift: number) => {
    const lines = store.lines.listForLesson(lessonId);
    store.db.transaction(() =>
      store.tokens.set(
        lessonId,
        lines.map((line) => {
          const words = tokenize(line.text);
          const start = line.startTime ?? 0;
          const step = ((line.endTime ?? start + 1) - start) / Math.max(1, words.length);
          return {
            lineId: line.id,
            tokens: words.map((w, i) => {
              const span = {
                start: Math.round((start + i * step + shift) * 1000) / 1000,
                end: Math.round((start + (i + 1) * step) * 1000) / 1000,
              };
              return {
                position: w.position,
                text: w.text,
                charStart: w.start,
                charEnd: w.end,
                times: { normal: span, slow: { start: null, end: null }, natural: span },
              };
            }),
          };
        }),
      ),
    );
  };

  const serverTokens = async () => {
    const remoteId = store.lessons.list().find((l) => l.id === lessonId)?.remoteId ?? '';
    const db = serviceClient(backend);
    const lines = await db
      .from('lesson_transcript')
      .select('id, line_number')
      .eq('lesson_id', remoteId);
    const number = new Map((lines.data ?? []).map((l) => [l.id, l.line_number]));
    const tokens = await db
      .from('transcript_tokens')
      .select('*')
      .in('line_id', [...number.keys()]);
    return (tokens.data ?? []).sort(
      (a, b) =>
        (number.get(a.line_id) ?? 0) - (number.get(b.line_id) ?? 0) || a.position - b.position,
    );
  };

  beforeAll(async () => {
    writeLessonsRoot(join(base, 'lessons'));
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(join(base, 'lessons'), store);
    const first = store.lessons.list().find((l) => store.lines.listForLesson(l.id).length > 0);
    if (!first) throw new Error('the fixture has a lesson with lines');
    lessonId = first.id;
    store.lessons.update(lessonId, { lessonNumber: 951 });
    timeAllLines(store, lessonId);
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
  }, 180_000);
  afterAll(async () => {
    await backend?.kill();
    store?.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('sends every word of every line with its word times, and proposals to confirm', async () => {
    alignWords(0);
    const result = await publishLessons(store, request(), quiet);
    expect(result.failed).toBe(0);
    const words = store.lines
      .listForLesson(lessonId)
      .flatMap((line) => tokenize(line.text).map((w) => w.text));
    const tokens = await serverTokens();
    expect(tokens.map((t) => t.text)).toEqual(words);
    const draft = store.tokens.listForLesson(lessonId).flatMap((l) => l.tokens);
    expect(tokens.map((t) => [t.start_time, t.end_time, t.natural_start_time])).toEqual(
      draft.map((t) => [t.times.normal.start, t.times.normal.end, t.times.natural.start]),
    );
    expect(tokens.every((t) => t.lemma !== '' && !t.confirmed && t.slow_start_time === null)).toBe(
      true,
    );
  }, 120_000);

  it("keeps an author's web edit of a word and brings only the new times", async () => {
    const [first] = await serverTokens();
    const db = serviceClient(backend);
    const edit = await db
      .from('transcript_tokens')
      .update({ lemma: 'szerkesztett', meaning_en: 'edited on the web', confirmed: true })
      .eq('id', first?.id ?? '');
    expect(edit.error).toBeNull();

    alignWords(0.05);
    const again = await publishLessons(store, request(), quiet);
    expect(again.items.find((i) => i.item === 'words of lines')?.state).toBe('uploaded');
    const [kept] = await serverTokens();
    expect(kept).toMatchObject({
      lemma: 'szerkesztett',
      meaning_en: 'edited on the web',
      confirmed: true,
      start_time: store.tokens.listForLesson(lessonId)[0]?.tokens[0]?.times.normal.start,
    });

    const third = await publishLessons(store, request(), quiet);
    expect(third.items.find((i) => i.item === 'words of lines')?.state).toBe('unchanged');
  }, 120_000);

  const lineOf = (n: number) => store.lines.listForLesson(lessonId)[n - 1];
  const serverLineTokens = async (n: number) => {
    const text = lineOf(n)?.text;
    const all = await serverTokens();
    const db = serviceClient(backend);
    const line = await db
      .from('lesson_transcript')
      .select('id')
      .eq('text_content', text ?? '')
      .in('id', [...new Set(all.map((t) => t.line_id))]);
    return all.filter((t) => t.line_id === line.data?.[0]?.id);
  };
  const wordsState = async () => (await publishLessons(store, request(), quiet)).items;

  it('sends a word edited in the studio (form, notes, lesson word, meaning) and keeps it through the next publish', async () => {
    const line = lineOf(2);
    if (!line) throw new Error('no line 2');
    const word = store.words.listForLesson(lessonId)[0];
    const target = (await serverLineTokens(2))[0];
    if (!target || !word) throw new Error('no word');
    store.tokens.editToken(
      line.id,
      target.position,
      tokenEdit('stúdió', {
        grammarNotes: ['plural'],
        wordId: word.id,
        meaningDe: 'Studio-Bedeutung',
      }),
    );
    const items = await wordsState();
    expect(items.find((i) => i.item === 'words of lines')?.state).toBe('uploaded');
    const remoteWord = await serviceClient(backend)
      .from('lesson_vocabulary')
      .select('id')
      .eq('word_hu', word.wordHu)
      .eq('lesson_id', store.lessons.get(lessonId)?.remote_id ?? '');
    const sent = (await serverLineTokens(2))[0];
    expect(sent).toMatchObject({
      lemma: 'stúdió',
      grammar_notes: ['plural'],
      vocabulary_id: remoteWord.data?.[0]?.id,
      meaning_de: 'Studio-Bedeutung',
      confirmed: true,
      start_time: target.start_time,
    });
    // No longer pending; a new alignment's times go, the edit stays on the server.
    const draft = store.tokens.listForLesson(lessonId).find((l) => l.lineId === line.id);
    expect(draft?.tokens[target.position]?.editPending).toBe(false);
    alignWords(0.1);
    expect((await wordsState()).find((i) => i.item === 'words of lines')?.state).toBe('uploaded');
    const again = (await serverLineTokens(2))[0];
    expect(again).toMatchObject({ lemma: 'stúdió', meaning_de: 'Studio-Bedeutung' });
    expect(again?.start_time).not.toBe(target.start_time);
  }, 120_000);

  it("links a word whose dictionary form the studio changed to that form's glossary entry, or to none", async () => {
    const db = serviceClient(backend);
    const entry = await db
      .from('glossary_entries')
      .insert({ lemma: 'stúdiószó', meaning_en: 'studio word' })
      .select('id')
      .single();
    expect(entry.error).toBeNull();
    const line = lineOf(2);
    const [first, second] = await serverLineTokens(2);
    if (!line || !first || !second) throw new Error('line 2 has two words');
    store.tokens.editToken(line.id, first.position, tokenEdit('stúdiószó'));
    store.tokens.editToken(line.id, second.position, tokenEdit('nincs-ilyen-szó'));
    expect((await wordsState()).find((i) => i.item === 'words of lines')?.state).toBe('uploaded');
    const [linked, unlinked] = await serverLineTokens(2);
    expect([linked?.lemma, linked?.glossary_id]).toEqual(['stúdiószó', entry.data?.id]);
    expect([unlinked?.lemma, unlinked?.glossary_id]).toEqual(['nincs-ilyen-szó', null]);
  }, 120_000);

  it('shows a line whose words both the web and the studio changed as a change to choose, and sends nothing before', async () => {
    const db = serviceClient(backend);
    const [line3, line4] = [lineOf(1), lineOf(3)];
    if (!line3 || !line4) throw new Error('the fixture has three lines');
    const [web3] = await serverLineTokens(1);
    const [web4] = await serverLineTokens(3);
    for (const token of [web3, web4]) {
      const changed = await db
        .from('transcript_tokens')
        .update({ meaning_en: 'set on the web', confirmed: true })
        .eq('id', token?.id ?? '');
      expect(changed.error).toBeNull();
    }
    store.tokens.editToken(
      line3.id,
      web3?.position ?? 0,
      tokenEdit('mine-3', { meaningEn: 'studio 3' }),
    );
    store.tokens.editToken(
      line4.id,
      web4?.position ?? 0,
      tokenEdit('mine-4', { meaningEn: 'studio 4' }),
    );

    const [checked] = (await checkBeforePublish(store, request())).lessons;
    const changes = checked?.changes ?? [];
    expect(changes.map((c) => [c.key.split(':')[0], c.label, c.fields[0]?.field])).toEqual([
      ['words', 'Line 1', 'words'],
      ['words', 'Line 3', 'words'],
    ]);
    expect(changes[0]?.fields[0]).toMatchObject({
      server: expect.stringContaining('set on the web') as string,
      mine: expect.stringContaining('mine-3 (studio 3)') as string,
      mineChanged: true,
    });
    const before = await serverTokens();
    const blocked = await publishLessons(store, request(), quiet);
    expect(blocked.items).toEqual([
      expect.objectContaining({
        state: 'blocked',
        message: studioMessage('lesson-blocked-server-changes', { n: 2 }),
      }),
    ]);
    expect(await serverTokens()).toEqual(before);

    // Line 1: the studio's edit; line 3: the web's (the studio's edit of it goes).
    const choices: ChangeChoice[] = changes.map((c, i) => ({
      lessonId,
      key: c.key,
      field: 'words',
      stamp: c.stamp,
      choice: i === 0 ? 'mine' : 'server',
    }));
    const done = await publishLessons(store, { ...request(), choices }, quiet);
    expect(done.failed + done.blocked).toBe(0);
    expect((await serverLineTokens(1))[0]).toMatchObject({
      lemma: 'mine-3',
      meaning_en: 'studio 3',
    });
    expect((await serverLineTokens(3))[0]).toMatchObject({
      lemma: web4?.lemma,
      meaning_en: 'set on the web',
    });
    const draft4 = store.tokens.listForLesson(lessonId).find((l) => l.lineId === line4.id);
    expect(draft4?.tokens.some((t) => t.edit)).toBe(false);
    expect((await checkBeforePublish(store, request())).lessons[0]?.changes).toEqual([]);
  }, 120_000);

  it('proposes the dictionary forms and endings hunspell reads for a line without tokens, and the plain proposal when it fails', async () => {
    const line = lineOf(2);
    if (!line) throw new Error('no line 2');
    const words = () => serverLineTokens(2);
    const analyser = createSpellChecker(undefined, ANALYSER_DICTIONARY);
    const asked: string[][] = [];
    const analyse = (w: readonly string[]) => {
      asked.push([...w]);
      return analyser.analyse(w);
    };
    // The lesson's words have neither “elmegy” nor “bolt”: the forms are the analyser's.
    const lessonWords = store.words.listForLesson(lessonId).map((w) => w.wordHu);
    expect(lessonWords.some((w) => ['elmegy', 'bolt'].includes(w))).toBe(false);
    store.lines.update(line.id, { text: 'Holnap elmegyünk a boltba.' });
    const done = await publishLessons(store, request(), { ...quiet, analyse });
    expect(done.failed + done.blocked).toBe(0);
    // One request, for the words of the one line proposed (the others keep their tokens).
    expect(asked).toEqual([['Holnap', 'elmegyünk', 'a', 'boltba']]);
    const proposed = (await words()).map((t) => [t.text, t.lemma, t.grammar_notes, t.confirmed]);
    expect(proposed).toEqual([
      ['Holnap', 'holnap', [], false],
      ['elmegyünk', 'elmegy', ['verbal_prefix', 'first_person_plural'], false],
      ['a', 'a', [], false],
      ['boltba', 'bolt', ['illative'], false],
    ]);

    // An analyser that fails: the publish goes on with the plain proposal, and says so in the log.
    const logged: string[] = [];
    store.lines.update(line.id, { text: 'Holnap elmentünk a boltba.' });
    const plain = await publishLessons(store, request(), {
      log: (message) => logged.push(message),
      onProgress: () => undefined,
      analyse: () => Promise.reject(new Error('the spelling thread stopped (exit code 1)')),
    });
    expect(plain.failed + plain.blocked).toBe(0);
    expect(logged).toContain('The word analyser failed; proposing without it');
    expect((await words()).map((t) => [t.text, t.lemma])).toEqual([
      ['Holnap', 'holnap'],
      ['elmentünk', 'elmentünk'],
      ['a', 'a'],
      ['boltba', 'boltba'],
    ]);
  }, 120_000);
});
