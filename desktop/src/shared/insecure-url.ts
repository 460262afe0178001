/** This machine: a password sent here over http never crosses a network. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** True when a password sent to `url` would cross a network unencrypted (http, not local). */
export function isInsecureTarget(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && !isLocalHost(parsed.hostname);
  } catch {
    return false;
  }
}
