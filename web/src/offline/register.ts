import { startQueueSync } from './queue.ts';

/**
 * Installs the service worker (production builds only: the dev server has no /sw.js) and starts
 * sending the offline queue. Registered after the page has loaded, so the worker's install
 * (which stores the app's files) never competes with the first paint.
 */
export function startOffline(): void {
  startQueueSync();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('The service worker was not installed', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
