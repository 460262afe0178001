// The Electron shell: one locked-down window, the IPC contract, the media protocol. Everything
// else lives in ./services, which are plain Node modules tested without Electron.
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, dialog, ipcMain, net, protocol, session, shell } from 'electron';
import { mediaPath, parseMediaPath } from '../shared/media-path.ts';
import { createDispatcher } from './dispatch.ts';
import { lockContents, registerHandlers } from './register-handlers.ts';
import { isTrustedUrl } from './security/is-trusted-url.ts';
import { createStudio } from './services/studio.ts';

const MEDIA_SCHEME = 'studio-media';
const rendererFile = join(import.meta.dirname, '../renderer/index.html');
const trusted = {
  devServerUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'],
  rendererFileUrl: pathToFileURL(rendererFile).toString(),
};
const isTrusted = (url: string): boolean => isTrustedUrl(url, trusted);

protocol.registerSchemesAsPrivileged([
  {
    scheme: MEDIA_SCHEME,
    privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
  },
]);
app.enableSandbox();

let window: BrowserWindow | null = null;

const studio = createStudio({
  dataDir: app.getPath('userData'),
  importWorker: { url: new URL('./import-worker.js', import.meta.url) },
  alignWorker: { url: new URL('./align-worker.js', import.meta.url) },
  spellWorker: { url: new URL('./spell-worker.js', import.meta.url) },
  // Copied there by electron.vite.config.ts; packaged, a plain file outside the asar archive.
  analyserDictionary: join(import.meta.dirname, 'dictionaries', 'hu_HU').replace(
    `app.asar${sep}`,
    `app.asar.unpacked${sep}`,
  ),
  chooseFolder: async () => {
    const options = { properties: ['openDirectory' as const] };
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  emit: (channel, payload) => window?.webContents.send(channel, payload),
  mediaUrl: (ref) => `${MEDIA_SCHEME}://media/${mediaPath(ref)}`,
  log: (message, context) => console.error(message, context),
  // Only the preview page the studio builds (an http(s) page of the web app) reaches it.
  openExternal: (url) => shell.openExternal(url),
  webOrigin: process.env.MAGYARUL_WEB_ORIGIN,
});

function createWindow(): void {
  window = new BrowserWindow({
    // The three panes are laid out for 1440×900 and still fit down to 1024×680.
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 680,
    title: 'Magyarul Studio',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.on('closed', () => {
    window = null;
  });
  const devUrl = trusted.devServerUrl;
  if (devUrl) void window.loadURL(devUrl);
  else void window.loadFile(rendererFile);
}

app.on('web-contents-created', (_event, contents) => lockContents(contents, isTrusted));

void app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  protocol.handle(MEDIA_SCHEME, (request) => {
    const ref = parseMediaPath(new URL(request.url).pathname);
    const file = ref && studio.resolveMedia(ref);
    if (!file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString(), { headers: request.headers });
  });
  registerHandlers(ipcMain, createDispatcher(studio.handlers, studio.log), isTrusted);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  studio.close();
  app.quit();
});
