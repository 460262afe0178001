// Where auth e-mail links may send the browser (redirect_to), as GoTrue decides it: back to the
// site (same scheme, host and port, any path), or to a URL matching one of the allow-list
// patterns (config.toml [auth] additional_redirect_urls, AUTH_ADDITIONAL_REDIRECT_URLS).
// Patterns are GoTrue's globs with '.' and '/' as separators: `*` matches within one host label
// or path segment, `**` matches anything, `?` one character; anything else is literal. Unlike
// GoTrue, a loopback address is not allowed on any port: only what is listed.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') {
      out += '[^./]*';
    } else if (c === '?') {
      out += '[^./]';
    } else {
      out += escapeRegExp(c);
    }
  }
  return new RegExp(`^${out}$`);
}

export type RedirectPolicy = { siteUrl: string; allowList: readonly string[] };

export function isRedirectAllowed(policy: RedirectPolicy, requested: string): boolean {
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  let site: URL | null = null;
  try {
    site = new URL(policy.siteUrl);
  } catch {
    site = null;
  }
  if (
    site &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.protocol === site.protocol &&
    url.host === site.host &&
    url.username === '' &&
    url.password === ''
  ) {
    return true;
  }
  const withoutFragment = requested.split('#')[0] ?? requested;
  return policy.allowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}
