import { useSyncExternalStore } from 'react';

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  // The events are not always sent (a tab opened offline): look again now and then.
  const timer = window.setInterval(callback, 2000);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
    window.clearInterval(timer);
  };
}

/** Whether the browser has a network, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
