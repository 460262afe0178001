// Runs sandboxed with contextIsolation: the only thing it gives the page is `window.studio`,
// a fixed set of functions over the contract's channels. ipcRenderer itself never leaks out.
import { contextBridge, ipcRenderer } from 'electron';
import type {
  ArgsOf,
  Channel,
  Envelope,
  EventChannel,
  EventMap,
  ResultOf,
  StudioApi,
} from '../shared/ipc.ts';

async function invoke<C extends Channel>(channel: C, ...args: ArgsOf<C>): Promise<ResultOf<C>> {
  const envelope = (await ipcRenderer.invoke(channel, ...args)) as Envelope<ResultOf<C>>;
  if (envelope.ok) return envelope.value;
  throw Object.assign(new Error(envelope.error.message), { code: envelope.error.code });
}

function subscribe<E extends EventChannel>(
  channel: E,
  listener: (payload: EventMap[E]) => void,
): () => void {
  const wrapped = (_event: unknown, payload: EventMap[E]): void => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

const studio = {
  getRoot: () => invoke('root:get'),
  chooseRoot: () => invoke('root:choose'),
  importFolder: (root) => invoke('import:scan-folder', root),
  listDrafts: () => invoke('drafts:list'),
  getDraft: (lessonId) => invoke('drafts:get', lessonId),
  updateLesson: (lessonId, patch) => invoke('drafts:update-lesson', lessonId, patch),
  updateLine: (lineId, patch) => invoke('drafts:update-line', lineId, patch),
  setLineTimes: (lessonId, times) => invoke('drafts:set-line-times', lessonId, times),
  setLines: (lessonId, lines) => invoke('drafts:set-lines', lessonId, lines),
  setAlignment: (lessonId, alignment) => invoke('drafts:set-alignment', lessonId, alignment),
  editToken: (lineId, position, edit) => invoke('drafts:edit-token', lineId, position, edit),
  alignLesson: (lessonId) => invoke('align:lesson', lessonId),
  alignDecoded: (lessonId, recording) => invoke('align:decoded', lessonId, recording),
  updateWord: (wordId, patch) => invoke('drafts:update-word', wordId, patch),
  matchWord: (wordId, file) => invoke('drafts:match-word', wordId, file),
  addWord: (lessonId, word) => invoke('drafts:add-word', lessonId, word),
  removeWord: (wordId) => invoke('drafts:remove-word', wordId),
  setWordMatches: (lessonId, matches) => invoke('drafts:set-word-matches', lessonId, matches),
  getPeaks: (lessonId) => invoke('drafts:peaks', lessonId),
  setPeaks: (lessonId, peaks) => invoke('drafts:set-peaks', lessonId, peaks),
  mediaUrl: (ref) => invoke('media:url', ref),
  checkSpelling: (texts) => invoke('spell:check', texts),
  analyseWords: (words) => invoke('language:analyse', words),
  publishTarget: () => invoke('publish:target'),
  checkPublish: (request) => invoke('publish:check', request),
  adoptRemote: (lessonId, remoteId) => invoke('publish:adopt-remote', lessonId, remoteId),
  publish: (request) => invoke('publish:run', request),
  refreshServerStates: () => invoke('publish:refresh-states'),
  openPreview: (lessonId) => invoke('preview:open', lessonId),
  onImportProgress: (listener) => subscribe('import:progress', listener),
  onPublishProgress: (listener) => subscribe('publish:progress', listener),
} satisfies StudioApi;

contextBridge.exposeInMainWorld('studio', studio);
