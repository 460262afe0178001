import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EventChannel, EventMap, Handlers } from '../../shared/ipc.ts';
import { studioMessage } from '../../shared/messages.ts';
import type { MediaRef, Peaks } from '../../shared/model.ts';
import { decodePeaks, encodePeaks } from '../../shared/peaks-codec.ts';
import { decodePcm } from '../../shared/pcm-codec.ts';
import type { Logger } from '../dispatch.ts';
import { StudioFailure } from '../dispatch.ts';
import { isInsideRoot } from '../security/is-inside-root.ts';
import { openDraftsStore } from './drafts/drafts-store.ts';
import { importRoot } from './importer/import-root.ts';
import type { ImportWorkerEntry } from './importer/run-import.ts';
import { createImportRunner } from './importer/run-import.ts';
import { ForeignLineError } from './drafts/lines-repo.ts';
import { StaleTokenError } from './drafts/tokens-repo.ts';
import { alignLesson } from './align/align-lesson.ts';
import { decodedInRenderer, sniffContainer } from './audio/container.ts';
import { readHead } from './audio/read-head.ts';
import type { AlignWorkerEntry } from './align/run-align.ts';
import { checkBeforePublish, publishLessons } from './publisher/publish.ts';
import { refreshServerStates } from './publisher/server-status.ts';
import type { SpellWorkerEntry } from './spelling/spell-checker.ts';
import { createSpellChecker } from './spelling/spell-checker.ts';
import { rememberedTarget } from './publisher/session.ts';
import { previewAddress } from './preview/lesson-preview.ts';

export type StudioDeps = {
  readonly dataDir: string;
  readonly chooseFolder: () => Promise<string | null>;
  readonly emit: <E extends EventChannel>(channel: E, payload: EventMap[E]) => void;
  /** The URL under which the renderer can fetch a media file (a custom protocol or HTTP). */
  readonly mediaUrl: (ref: MediaRef) => string;
  readonly log: Logger;
  /** Where the import worker lives; without it the import runs in this thread. */
  readonly importWorker?: ImportWorkerEntry;
  /** Where the alignment worker lives; without it alignment runs in this thread. */
  readonly alignWorker?: AlignWorkerEntry;
  /** Where the spelling worker lives; without it spelling is checked in this thread. */
  readonly spellWorker?: SpellWorkerEntry;
  /**
   * The directory of hu_HU.aff and .dic with hunspell's morphological fields (core/dictionaries/
   * hu_HU; the built studio's copy next to its main code): words' proposed dictionary forms.
   */
  readonly analyserDictionary: string;
  /** Opens an http(s) page in the system browser (Electron's shell.openExternal). */
  readonly openExternal: (url: string) => Promise<void>;
  /** The web app's origin when it is not the publish server's (MAGYARUL_WEB_ORIGIN). */
  readonly webOrigin?: string;
};

const fail = (
  code: Parameters<typeof studioMessage>[0],
  params: Record<string, string | number> = {},
): never => {
  throw new StudioFailure(code, studioMessage(code, params));
};

/** Everything the studio does, as plain Node: Electron's main and the test harness both use it. */
export function createStudio(deps: StudioDeps) {
  mkdirSync(deps.dataDir, { recursive: true });
  const dbFile = join(deps.dataDir, 'drafts.sqlite');
  const store = openDraftsStore(dbFile);
  const root = (): string | null => store.settings.get('root') ?? null;
  // Started now, so the worker and its decoder are ready before the author presses Import.
  const importer = deps.importWorker ? createImportRunner(deps.importWorker) : null;
  importer?.warm();
  const spelling = createSpellChecker(deps.spellWorker, deps.analyserDictionary);

  const requireLesson = (lessonId: number) => store.lessons.get(lessonId) ?? fail('not-found');

  function resolveMedia(ref: MediaRef): string | null {
    const lesson = store.lessons.get(ref.lessonId);
    if (!lesson) return null;
    const fileName =
      ref.kind === 'dialogue'
        ? lesson.dialogue_file
        : store.media.audioFile(ref.lessonId, ref.file)?.role === 'vocabulary'
          ? ref.file
          : null;
    if (!fileName) return null;
    const path = join(lesson.folder, fileName);
    const chosen = root();
    if (!isInsideRoot(lesson.folder, path)) return null;
    if (chosen !== null && !isInsideRoot(chosen, path)) return null;
    return path;
  }

  const handlers: Handlers = {
    'root:get': () => root(),
    'root:choose': async () => {
      const chosen = await deps.chooseFolder();
      if (chosen) store.settings.set('root', resolve(chosen));
      return root();
    },
    'import:scan-folder': async (path) => {
      const chosen = root() ?? fail('no-root');
      const target = resolve(chosen, path);
      if (!isInsideRoot(chosen, target)) fail('outside-root');
      const onProgress = (progress: EventMap['import:progress']): void =>
        deps.emit('import:progress', progress);
      return importer
        ? importer.run({ root: target, dbFile }, onProgress)
        : importRoot(target, store, { onProgress });
    },
    'drafts:list': () => store.lessons.list(),
    'drafts:get': (lessonId) => store.getDraft(lessonId),
    'drafts:update-lesson': (lessonId, patch) => {
      requireLesson(lessonId);
      store.lessons.update(lessonId, patch);
      return store.lessons.summary(lessonId) ?? fail('not-found');
    },
    'drafts:update-line': (lineId, patch) => {
      const line = store.db.transaction(() => {
        const updated = store.lines.update(lineId, patch);
        const lessonId = store.lines.lessonOf(lineId);
        if (lessonId !== undefined) store.lessons.touch(lessonId);
        return updated;
      });
      return line ?? fail('not-found');
    },
    'drafts:set-line-times': (lessonId, times) => {
      requireLesson(lessonId);
      store.db.transaction(() => {
        store.lines.setTimes(lessonId, times);
        store.lessons.touch(lessonId);
      });
    },
    'drafts:set-lines': (lessonId, lines) => {
      requireLesson(lessonId);
      try {
        return store.db.transaction(() => {
          const result = store.lines.setLines(lessonId, lines);
          store.lessons.touch(lessonId);
          return result;
        });
      } catch (error) {
        if (error instanceof ForeignLineError) fail('line-not-in-lesson', { id: error.lineId });
        throw error;
      }
    },
    'drafts:update-word': (wordId, patch) => {
      const word = store.words.get(wordId) ?? fail('word-not-found');
      store.db.transaction(() => {
        store.words.update(wordId, patch);
        store.lessons.touch(word.lessonId);
      });
      const { lessonId: _lessonId, ...updated } = store.words.get(wordId) ?? fail('word-not-found');
      return updated;
    },
    'drafts:set-word-matches': (lessonId, matches) => {
      requireLesson(lessonId);
      const own = new Set(store.words.listForLesson(lessonId).map((word) => word.id));
      const given = new Set<string>();
      for (const match of matches) {
        if (!own.has(match.wordId)) fail('word-not-in-lesson', { id: match.wordId });
        if (match.audioFile === null) continue;
        if (store.media.audioFile(lessonId, match.audioFile)?.role !== 'vocabulary') {
          fail('file-not-in-lesson');
        }
        if (given.has(match.audioFile)) fail('file-matched-twice', { file: match.audioFile });
        given.add(match.audioFile);
      }
      // A file given here must not stay with a word left out of the list.
      const others = store.words
        .listForLesson(lessonId)
        .filter((word) => !matches.some((m) => m.wordId === word.id));
      for (const word of others) {
        if (word.audioFile !== null && given.has(word.audioFile)) {
          fail('file-matched-twice', { file: word.audioFile });
        }
      }
      store.db.transaction(() => {
        store.words.setMatches(lessonId, matches);
        store.lessons.touch(lessonId);
      });
      return store.words.listForLesson(lessonId);
    },
    'drafts:add-word': (lessonId, word) => {
      requireLesson(lessonId);
      const wordHu = word.wordHu.normalize('NFC').trim();
      const wordEn = word.wordEn.normalize('NFC').trim();
      if (wordHu === '' || wordEn === '') fail('word-needs-text');
      const id = store.db.transaction(() => {
        const added = store.words.add(lessonId, {
          wordHu,
          wordEn,
          wordDe: word.wordDe.trim(),
          wordEs: word.wordEs.trim(),
          difficulty: word.difficulty,
          audioFile: null,
          matchLevel: null,
        });
        store.lessons.touch(lessonId);
        return added;
      });
      const { lessonId: _lessonId, ...added } = store.words.get(id) ?? fail('word-not-found');
      return added;
    },
    'drafts:remove-word': (wordId) => {
      const word = store.words.get(wordId) ?? fail('word-not-found');
      store.db.transaction(() => {
        store.words.remove(wordId);
        store.lessons.touch(word.lessonId);
      });
    },
    'drafts:match-word': (wordId, file) => {
      const word = store.words.get(wordId) ?? fail('word-not-found');
      if (file !== null && store.media.audioFile(word.lessonId, file)?.role !== 'vocabulary') {
        fail('file-not-in-lesson');
      }
      store.db.transaction(() => {
        store.words.setAudio(wordId, file, 'manual');
        store.lessons.touch(word.lessonId);
      });
      const { lessonId: _lessonId, ...updated } = store.words.get(wordId) ?? fail('word-not-found');
      return updated;
    },
    'drafts:peaks': (lessonId): Peaks | null => {
      const peaks = store.media.peaks(lessonId);
      return peaks
        ? {
            peaksPerSecond: peaks.peaksPerSecond,
            duration: peaks.durationSeconds,
            data: encodePeaks(peaks.data),
          }
        : null;
    },
    'drafts:set-peaks': async (lessonId, peaks) => {
      // The studio window drew an AAC dialogue's waveform: its peaks and decoded length are
      // kept for the recording the lesson has now (a later import of another file drops them).
      requireLesson(lessonId);
      const path = resolveMedia({ kind: 'dialogue', lessonId }) ?? fail('align-no-audio');
      // Only for what the main process cannot decode itself: its own verdict stands otherwise.
      if (!decodedInRenderer(sniffContainer(await readHead(path)))) fail('peaks-decoded-here');
      const lesson = requireLesson(lessonId);
      const dialogue =
        store.media.audioFile(lessonId, lesson.dialogue_file ?? '') ?? fail('align-no-audio');
      const duration = Math.round(peaks.duration * 1000) / 1000;
      store.db.transaction(() => {
        store.media.putPeaks(lessonId, {
          sourceHash: dialogue.content_hash,
          peaksPerSecond: peaks.peaksPerSecond,
          durationSeconds: duration,
          data: decodePeaks(peaks.data),
        });
        store.media.setDuration(lessonId, dialogue.file_name, duration);
        store.lessons.setDuration(lessonId, duration);
      });
      return { ...peaks, duration };
    },
    'drafts:set-alignment': (lessonId, alignment) => {
      requireLesson(lessonId);
      try {
        store.db.transaction(() => {
          store.lines.setTimes(lessonId, alignment.lines);
          store.tokens.set(lessonId, alignment.tokens);
          store.lessons.touch(lessonId);
        });
      } catch (error) {
        if (error instanceof StaleTokenError) fail('alignment-stale', { id: error.lineId });
        throw error;
      }
    },
    'drafts:edit-token': (lineId, position, edit) => {
      const lessonId = store.lines.lessonOf(lineId) ?? fail('not-found');
      // A lesson word of another lesson is not this word's.
      const wordId = edit?.wordId ?? null;
      if (wordId !== null && !store.words.listForLesson(lessonId).some((w) => w.id === wordId)) {
        fail('word-not-in-lesson', { id: wordId });
      }
      return store.db.transaction(() => {
        if (!store.tokens.editToken(lineId, position, edit)) fail('not-found');
        store.lessons.touch(lessonId);
        return (
          store.tokens.listForLesson(lessonId).find((line) => line.lineId === lineId)?.tokens ?? []
        ).slice();
      });
    },
    'align:lesson': async (lessonId) => {
      requireLesson(lessonId);
      const dialogue = resolveMedia({ kind: 'dialogue', lessonId }) ?? fail('align-no-audio');
      // AAC is decoded by the studio window, which then sends the samples (align:decoded).
      if (decodedInRenderer(sniffContainer(await readHead(dialogue))))
        fail('align-decode-in-window');
      const lines = store.lines.listForLesson(lessonId);
      // The transcripts are Hungarian: eSpeak NG's Hungarian voice speaks the reference.
      return alignLesson(lines, { normal: dialogue }, 'hu', deps.alignWorker);
    },
    'align:decoded': async (lessonId, recording) => {
      requireLesson(lessonId);
      if (resolveMedia({ kind: 'dialogue', lessonId }) === null) fail('align-no-audio');
      const lines = store.lines.listForLesson(lessonId);
      const samples = decodePcm(recording);
      return alignLesson(
        lines,
        { normal: { samples, sampleRate: recording.sampleRate } },
        'hu',
        deps.alignWorker,
      );
    },
    'media:url': (ref) => (resolveMedia(ref) === null ? null : deps.mediaUrl(ref)),
    'spell:check': (texts) => spelling.check(texts),
    'language:analyse': (words) => spelling.analyse(words),
    'publish:target': () => rememberedTarget(store.settings),
    'publish:check': (request) => checkBeforePublish(store, request),
    'publish:adopt-remote': (lessonId, remoteId) => {
      requireLesson(lessonId);
      store.lessons.adoptRemote(lessonId, remoteId.toLowerCase());
      return store.lessons.summary(lessonId) ?? fail('not-found');
    },
    'publish:run': (request) =>
      publishLessons(store, request, {
        onProgress: (progress) => deps.emit('publish:progress', progress),
        log: deps.log,
        analyse: spelling.analyse,
      }),
    'publish:refresh-states': () => refreshServerStates(store, deps.log),
    'preview:open': async (lessonId) => {
      const summary = store.lessons.summary(lessonId) ?? fail('not-found');
      const address = previewAddress(
        summary.remoteId,
        deps.webOrigin,
        rememberedTarget(store.settings)?.url,
      );
      if (!address.ok) return fail(address.code);
      await deps.openExternal(address.url);
      return address.url;
    },
  };

  return {
    handlers,
    store,
    resolveMedia,
    log: deps.log,
    close: () => {
      void importer?.close();
      void spelling.close();
      store.db.close();
    },
  };
}
export type Studio = ReturnType<typeof createStudio>;
