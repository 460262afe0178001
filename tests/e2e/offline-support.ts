// Helpers of the offline specs (offline.spec.ts, offline-review.spec.ts): the progress queue as
// the page's IndexedDB holds it, and the wait for the service worker to control the page.
import type { Page } from '@playwright/test';

/** One step of the progress queue (web/src/offline/queue.ts). */
export type QueuedStep = {
  seq: number;
  kind: 'audio' | 'answer' | 'practice' | 'session';
  at: string;
  /** A practice answer's skill and item. */
  skill?: string;
  item?: { kind: string; id: string };
  vocabularyId?: string;
  clientAnswerId?: string;
  sessionId?: string | null;
};

/** The progress queue as IndexedDB holds it (web/src/offline/queue.ts). */
export function readQueue(page: Page): Promise<QueuedStep[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedStep[]>((resolve, reject) => {
        const open = indexedDB.open('magyarul-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('queue').objectStore('queue').getAll();
          request.onsuccess = () => {
            resolve(request.result as QueuedStep[]);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Resolves once the service worker controls the page (it then answers offline reloads). */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}
