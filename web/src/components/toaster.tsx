import { Toaster as Sonner } from 'sonner';

/** Spec §9: at most 3 toasts at once, 4000 ms each, bottom-right. */
export function Toaster() {
  return (
    <Sonner position="bottom-right" visibleToasts={3} duration={4000} richColors closeButton />
  );
}
