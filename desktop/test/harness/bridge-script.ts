import { METHODS } from '../../src/shared/ipc.ts';

/**
 * The browser side of the test bridge: a `window.studio` with the same methods as the preload's,
 * each POSTing its arguments to /ipc/<channel>, and the progress events from an EventSource.
 */
export function bridgeScript(): string {
  return `(() => {
  const methods = ${JSON.stringify(METHODS)};
  const listeners = { 'import:progress': new Set(), 'publish:progress': new Set() };
  const source = new EventSource('/events');
  source.onmessage = (event) => {
    const { channel, payload } = JSON.parse(event.data);
    for (const listener of listeners[channel] ?? []) listener(payload);
  };
  const invoke = async (channel, args) => {
    const response = await fetch('/ipc/' + channel, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    const envelope = await response.json();
    if (envelope.ok) return envelope.value;
    throw Object.assign(new Error(envelope.error.message), { code: envelope.error.code });
  };
  const studio = {};
  for (const [name, channel] of Object.entries(methods)) {
    studio[name] = (...args) => invoke(channel, args);
  }
  const subscribe = (channel) => (listener) => {
    listeners[channel].add(listener);
    return () => listeners[channel].delete(listener);
  };
  studio.onImportProgress = subscribe('import:progress');
  studio.onPublishProgress = subscribe('publish:progress');
  Object.defineProperty(window, 'studio', { value: Object.freeze(studio) });
})();`;
}
