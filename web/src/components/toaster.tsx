import { useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';

const PHONE = '(max-width: 47.99rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Spec §9: at most 3 toasts at once, 4000 ms each, bottom-right. On a phone they show at the
 * top, over the header, so they never cover the answers and the player the thumb is on.
 */
export function Toaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  return (
    <Sonner
      position={phone ? 'top-center' : 'bottom-right'}
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
    />
  );
}
