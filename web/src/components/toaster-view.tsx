import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterDemand } from '../lib/toast.ts';

/** sonner's toaster (its own chunk: it loads with the first toast); says when it listens. */
export function ToasterView({ phone }: { phone: boolean }) {
  // Runs after sonner's own effects (children first), so its subscription is in place.
  useEffect(() => toasterDemand.mounted(), []);
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
