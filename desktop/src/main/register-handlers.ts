import type { IpcMain, WebContents } from 'electron';
import { CHANNELS } from '../shared/ipc.ts';
import type { Dispatch } from './dispatch.ts';

/**
 * Registers one ipcMain handler per channel of the contract, each going through `dispatch`
 * (argument validation, errors as data). Calls from frames that are not the app's own pages
 * are refused before any argument is looked at.
 */
export function registerHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  dispatch: Dispatch,
  isTrustedSender: (url: string) => boolean,
): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url)) {
        return { ok: false, error: { code: 'forbidden', message: 'Untrusted sender' } };
      }
      return dispatch(channel, args);
    });
  }
}

/** Locks a window's contents: no navigation away, no new windows, no webviews. */
export function lockContents(contents: WebContents, isTrusted: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrusted(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrusted(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
