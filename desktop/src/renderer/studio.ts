import type { StudioApi } from '../shared/ipc.ts';

declare global {
  interface Window {
    readonly studio: StudioApi;
  }
}

/** The bridge the preload (or the test harness) installed. */
export function studio(): StudioApi {
  return window.studio;
}
