// Loads the built main bundle against the fake electron and prints what it registered.
const main = process.argv[2];
await import(main);
const record = globalThis.__fakeElectron;
await record.windowLoaded;
const [window] = record.windows;
const contents = window?.webContents;
const navigate = { prevented: false, preventDefault: () => (navigate.prevented = true) };
contents?.events['will-navigate']?.(navigate, 'https://evil.example/');
const untrusted = await record.handlers['drafts:list']({
  senderFrame: { url: 'https://evil.example/' },
});
process.stdout.write(
  JSON.stringify({
    handled: record.handled,
    sandbox: record.sandbox,
    webPreferences: window?.options.webPreferences,
    windowOpen: contents?.windowOpen?.({ url: 'https://evil.example/' }),
    navigationToEvilPrevented: navigate.prevented,
    untrusted,
    schemes: record.schemes.map((s) => s.scheme),
    protocols: record.protocols.map((p) => p.scheme),
  }),
);
process.exit(0);
