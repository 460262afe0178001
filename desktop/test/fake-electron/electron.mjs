// A stand-in for the `electron` module so the built main bundle can run under plain Node
// (the real package would try to download its binary). It records what main asks for;
// `windowLoaded` settles when main loads its first window, the last step of its start-up.
let markLoaded = () => undefined;
const record = (globalThis.__fakeElectron ??= {
  handled: [],
  windows: [],
  schemes: [],
  protocols: [],
  sandbox: false,
  webContentsHooks: [],
  windowLoaded: new Promise((resolve) => (markLoaded = resolve)),
});

const listeners = new Map();
export const app = {
  isPackaged: true,
  getPath: () => process.env.FAKE_ELECTRON_USER_DATA,
  enableSandbox: () => {
    record.sandbox = true;
  },
  whenReady: () => Promise.resolve(),
  on: (event, fn) => listeners.set(event, fn),
  quit: () => undefined,
  emit: (event, ...args) => listeners.get(event)?.(...args),
};

export const ipcMain = {
  handle: (channel, fn) => {
    record.handled.push(channel);
    record.handlers ??= {};
    record.handlers[channel] = fn;
  },
};

function fakeContents() {
  const on = {};
  const contents = {
    on: (event, fn) => {
      on[event] = fn;
    },
    setWindowOpenHandler: (fn) => {
      contents.windowOpen = fn;
    },
    send: () => undefined,
    events: on,
  };
  return contents;
}

export class BrowserWindow {
  static getAllWindows() {
    return record.windows;
  }
  constructor(options) {
    this.options = options;
    this.webContents = fakeContents();
    record.windows.push(this);
    listeners.get('web-contents-created')?.({}, this.webContents);
  }
  on() {}
  loadURL(url) {
    this.loaded = url;
    markLoaded();
    return Promise.resolve();
  }
  loadFile(file) {
    this.loaded = file;
    markLoaded();
    return Promise.resolve();
  }
}

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => record.schemes.push(...schemes),
  handle: (scheme, fn) => record.protocols.push({ scheme, fn }),
};
export const session = {
  defaultSession: { setPermissionRequestHandler: (fn) => (record.permission = fn) },
};
export const dialog = { showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }) };
export const net = { fetch: () => Promise.resolve(new Response('')) };
/** Records the addresses main asks the system browser to open (Preview as learner). */
export const shell = {
  opened: [],
  openExternal(url) {
    shell.opened.push(url);
    return Promise.resolve();
  },
};
export default { app, ipcMain, BrowserWindow, protocol, session, dialog, net, shell };
