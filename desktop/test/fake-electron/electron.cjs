// CommonJS stand-in for the sandboxed preload: records what it exposes and invokes.
const record = (globalThis.__fakeElectron ??= { exposed: {}, invoked: [] });
module.exports = {
  contextBridge: {
    exposeInMainWorld: (key, value) => {
      record.exposed[key] = value;
    },
  },
  ipcRenderer: {
    invoke: (channel, ...args) => {
      record.invoked.push({ channel, args });
      return Promise.resolve({ ok: true, value: null });
    },
    on: () => undefined,
    removeListener: () => undefined,
  },
};
