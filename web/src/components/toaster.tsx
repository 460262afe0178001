import { lazy, Suspense, useEffect, useSyncExternalStore, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { toasterDemand } from '../lib/toast.ts';

const ToasterView = lazy(async () => ({
  default: (await import('./toaster-view.tsx')).ToasterView,
}));

const PHONE = '(max-width: 47.99rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// A modal <dialog> is in the top layer and makes the rest of the page inert: toasts shown
// while one is open are rendered inside it, so they stay on top and are still announced.
let host: HTMLElement | null = null;
const hostListeners = new Set<() => void>();

function subscribeHost(onChange: () => void): () => void {
  hostListeners.add(onChange);
  return () => hostListeners.delete(onChange);
}

/** While the component using it is mounted, toasts show inside `ref`'s modal dialog. */
export function useToastHost(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    host = element;
    for (const listener of hostListeners) listener();
    return () => {
      if (host !== element) return;
      host = null;
      for (const listener of hostListeners) listener();
    };
  }, [ref]);
}

/**
 * Spec §9: at most 3 toasts at once, 4000 ms each, bottom-right. On a phone they show at the
 * top, over the header, so they never cover the answers and the player the thumb is on.
 * Nothing is mounted (and sonner not loaded) until the first toast is asked for.
 */
export function Toaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  const target = useSyncExternalStore(
    subscribeHost,
    () => host,
    () => null,
  );
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  if (!wanted) return null;
  const toaster = (
    <Suspense fallback={null}>
      <ToasterView phone={phone} />
    </Suspense>
  );
  return target ? createPortal(toaster, target) : toaster;
}
