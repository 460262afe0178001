import type { DueNotice } from './due-notice-rule.ts';

// The page's side of the "words are due" notification: with the learner's permission, the
// service worker gets what the server last said (when words come due, in the learner's
// language) and, where the browser offers periodic background sync (Chromium, installed app),
// a wake-up about twice a day to show it. See due-notice-rule.ts for what it cannot know.

const SYNC_TAG = 'magyarul-due';
const SYNC_INTERVAL_MS = 12 * 3_600_000;

type PeriodicSync = {
  register(tag: string, options: { minInterval: number }): Promise<void>;
};

export type NotificationState = 'unsupported' | 'default' | 'granted' | 'denied';

export function notificationState(): NotificationState {
  if (typeof Notification === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  return Notification.permission;
}

/** Asks for permission (call from a click) and, when granted, asks for the daily wake-up. */
export async function askForNotifications(): Promise<NotificationState> {
  if (notificationState() === 'unsupported') return 'unsupported';
  const answer = await Notification.requestPermission();
  if (answer === 'granted') await registerWakeUp();
  return answer;
}

async function registerWakeUp(): Promise<void> {
  if (!navigator.serviceWorker.controller) return;
  const registration = await navigator.serviceWorker.ready;
  const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSync })
    .periodicSync;
  try {
    await periodicSync?.register(SYNC_TAG, { minInterval: SYNC_INTERVAL_MS });
  } catch (error) {
    // Not installed, or the browser keeps the wake-up for apps used more: the e-mail remains.
    console.info('No periodic background sync for the due notification', error);
  }
}

/** Hands the worker the latest notice (nothing without permission or a worker). */
export function sendDueNotice(notice: Omit<DueNotice, 'shownFor'>): void {
  if (notificationState() !== 'granted') return;
  const controller = navigator.serviceWorker.controller;
  controller?.postMessage({ type: 'magyarul-due-notice', ...notice });
}
