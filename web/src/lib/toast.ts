import type { toast as sonnerToast } from 'sonner';

// Toasts go through here so every page uses the same look and the spec's limits (max 3,
// 4 s, bottom-right are set once on the <Toaster> in components/toaster.tsx). The text is the
// toast id: the same message shown again replaces the one on screen instead of stacking.
//
// sonner (its code and the styles it adds to the page) loads with the first toast, not with
// every page: most page loads show none, and on a phone its start-up is main-thread time the
// first screen waits for. The first toast asks <Toaster> to mount sonner's toaster and is shown
// once it listens.

type Toast = typeof sonnerToast;
let ready: Promise<Toast> | null = null;
let mounted: (() => void) | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** For <Toaster>: whether a toast has been asked for, so sonner's toaster must be mounted. */
export const toasterDemand = {
  subscribe(onChange: () => void): () => void {
    listeners.add(onChange);
    return () => listeners.delete(onChange);
  },
  wanted: (): boolean => wanted,
  /** Called by the toaster once it is mounted and listening for toasts. */
  mounted(): void {
    mounted?.();
  },
};

function loadToast(): Promise<Toast> {
  ready ??= new Promise<void>((resolve) => {
    mounted = resolve;
    wanted = true;
    for (const listener of listeners) listener();
  })
    .then(() => import('sonner'))
    .then((module) => module.toast);
  return ready;
}

function show(kind: 'success' | 'error' | 'info', message: string): void {
  void loadToast().then((toast) => {
    if (kind === 'info') toast(message, { id: message });
    else toast[kind](message, { id: message });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
