// The service worker (issue 13 point 5), built by vite.config.ts into /sw.js with the list of
// the build's files in place of __MAGYARUL_PRECACHE__:
//
//   app shell   every built file, the manifest and icons are stored at install, so the app
//               opens without a connection; pages are fetched from the network first, the
//               stored shell answers when there is none
//   audio       files a learner downloaded (Cache Storage AUDIO_CACHE, written by the page) are
//               answered from the device, with byte ranges as <audio> asks for them; the
//               lesson's rows stored on the device name them with a ?magyarul-offline mark, so
//               the worker knows at once which requests are its own (any other request, audio
//               of lessons not downloaded included, goes to the network as without a worker)
//   API         /rest, /auth, /functions and /_dev pass straight through: the page decides what
//               to show offline (web/src/offline/reads.ts) and queues what it writes
//
// The server sends this script with its own CSP (connect-src 'self'), so the worker can reach
// its origin and nothing else.

type ExtendableEventLike = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEventLike = ExtendableEventLike & {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
};
type MessageEventLike = ExtendableEventLike & { readonly data: unknown };
type NotificationEventLike = ExtendableEventLike & { readonly notification: { close(): void } };
type WindowClientLike = { readonly visibilityState: string; focus(): Promise<unknown> };
type WorkerScope = {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window' }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly registration: {
    showNotification(
      title: string,
      options: { body: string; tag: string; icon: string },
    ): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'install' | 'activate' | 'periodicsync',
    listener: (event: ExtendableEventLike) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationEventLike) => void,
  ): void;
};

import { parseRange } from './range.ts';
import { parseDueNotice, shouldNotify, type DueNotice } from './due-notice-rule.ts';

declare const __MAGYARUL_PRECACHE__: readonly string[];
declare const __MAGYARUL_VERSION__: string;

const worker = self as unknown as WorkerScope;
const PRECACHE: readonly string[] = __MAGYARUL_PRECACHE__;
const SHELL_CACHE = `magyarul-shell-${__MAGYARUL_VERSION__}`;
const AUDIO_CACHE = 'magyarul-audio-v1';
const SHELL = '/';
const PASS_THROUGH = [
  '/rest/v1/',
  '/auth/v1/',
  '/storage/v1/',
  '/functions/v1/',
  '/_dev/',
  '/sw.js',
];
const STORAGE_OBJECTS = '/storage/v1/object/';
/** The query parameter download.ts adds to the audio URLs of a downloaded lesson's rows. */
const OFFLINE_MARK = 'magyarul-offline';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll([SHELL, ...PRECACHE]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('magyarul-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      }
      await worker.clients.claim();
      await notifyWhenDue();
    })(),
  );
});

// The "words are due" notification (issue 29 point 3; due-notice-rule.ts says what it can and
// cannot know). The page's last notice is kept in Cache Storage, as the worker has no other
// storage that survives it being stopped.
const STATE_CACHE = 'magyarul-state-v1';
const NOTICE_KEY = '/__magyarul/due-notice';

async function readNotice(): Promise<DueNotice | null> {
  const stored = await (await caches.open(STATE_CACHE)).match(NOTICE_KEY);
  return stored ? ((await stored.json()) as DueNotice) : null;
}

async function writeNotice(notice: DueNotice): Promise<void> {
  await (await caches.open(STATE_CACHE)).put(NOTICE_KEY, Response.json(notice));
}

async function notifyWhenDue(): Promise<void> {
  const notice = await readNotice();
  const windows = await worker.clients.matchAll({ type: 'window' });
  const visible = windows.some((w) => w.visibilityState === 'visible');
  if (!notice || !shouldNotify(notice, new Date(), visible)) return;
  try {
    await worker.registration.showNotification(notice.title, {
      body: notice.body,
      tag: 'magyarul-due',
      icon: '/icons/icon-192.png',
    });
  } catch {
    return; // Permission not granted (or withdrawn): nothing to show, nothing to remember.
  }
  await writeNotice({ ...notice, shownFor: notice.dueAt });
}

worker.addEventListener('message', (event) => {
  const notice = parseDueNotice(event.data);
  if (!notice) return;
  event.waitUntil(
    (async () => {
      const previous = await readNotice();
      // The same due time keeps its "shown" mark; a new one may be shown again.
      await writeNotice({
        ...notice,
        shownFor: previous?.dueAt === notice.dueAt ? (previous.shownFor ?? null) : null,
      });
    })(),
  );
});

worker.addEventListener('periodicsync', (event) => {
  event.waitUntil(notifyWhenDue());
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(worker.clients.openWindow('/review-flashcards'));
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only the marked URLs of a downloaded lesson's rows as stored on the device: every other
  // storage request goes to the network untouched.
  if (url.pathname.includes(STORAGE_OBJECTS) && url.searchParams.has(OFFLINE_MARK)) {
    event.respondWith(fromAudioCache(request));
    return;
  }
  if (url.origin !== worker.location.origin) return;
  if (PASS_THROUGH.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  event.respondWith(shellFile(request));
});

/** A page: the network's answer (kept as the shell), the stored shell without a connection. */
async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Built files are named by their content: the stored copy is the right one. */
async function shellFile(request: Request): Promise<Response> {
  const stored = await caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** A downloaded audio file from the device (whole or the asked byte range); else the network. */
async function fromAudioCache(request: Request): Promise<Response> {
  const cache = await caches.open(AUDIO_CACHE);
  const stored = await cache.match(request.url, { ignoreVary: true, ignoreSearch: false });
  if (!stored) return fetch(request);
  const range = request.headers.get('range');
  if (!range) return stored;
  const blob = await stored.blob();
  const type = stored.headers.get('content-type') ?? 'audio/mpeg';
  const bounds = parseRange(range, blob.size);
  if (!bounds) {
    return new Response(null, {
      status: 416,
      headers: { 'content-range': `bytes */${blob.size}` },
    });
  }
  const [start, end] = bounds;
  return new Response(blob.slice(start, end + 1, type), {
    status: 206,
    headers: {
      'content-type': type,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${blob.size}`,
      'accept-ranges': 'bytes',
    },
  });
}
