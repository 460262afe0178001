/** Where the renderer's own pages come from: the dev server in development, a file otherwise. */
export type TrustedOrigins = {
  /** electron-vite's dev server URL (ELECTRON_RENDERER_URL), only in development. */
  readonly devServerUrl?: string | undefined;
  /** file:// URL of the built renderer's index.html. */
  readonly rendererFileUrl: string;
};

/**
 * True when `url` is one of the app's own pages; everything else (remote sites, other files,
 * javascript:, data:) must not be loaded into the window or send IPC.
 */
export function isTrustedUrl(url: string, trusted: TrustedOrigins): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.protocol === 'file:') {
    const expected = new URL(trusted.rendererFileUrl);
    return parsed.pathname === expected.pathname && parsed.host === expected.host;
  }
  if (trusted.devServerUrl === undefined || trusted.devServerUrl === '') return false;
  let dev: URL;
  try {
    dev = new URL(trusted.devServerUrl);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.protocol === dev.protocol &&
    parsed.host === dev.host
  );
}
