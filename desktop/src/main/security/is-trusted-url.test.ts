import { describe, expect, it } from 'vitest';
import { isTrustedUrl } from './is-trusted-url.ts';

describe('isTrustedUrl', () => {
  const built = { rendererFileUrl: 'file:///opt/studio/out/renderer/index.html' };
  const dev = { ...built, devServerUrl: 'http://localhost:5173' };

  it.each([
    ['the built index', 'file:///opt/studio/out/renderer/index.html', built],
    [
      'the built index with a hash route',
      'file:///opt/studio/out/renderer/index.html#/lesson/2',
      built,
    ],
    ['the dev server', 'http://localhost:5173/', dev],
    ['a dev server page', 'http://localhost:5173/src/main.tsx?t=1', dev],
  ])('returns true for %s', (_label, url, trusted) => {
    expect(isTrustedUrl(url, trusted)).toBe(true);
  });

  it.each([
    ['a remote site', 'https://evil.example/', dev],
    ['another local file', 'file:///etc/passwd', built],
    ['a sibling file', 'file:///opt/studio/out/renderer/other.html', built],
    ['the dev server when not in dev', 'http://localhost:5173/', built],
    ['another port', 'http://localhost:5174/', dev],
    ['https instead of http', 'https://localhost:5173/', dev],
    ['credentials in the URL', 'http://user:pw@localhost:5173/', dev],
    ['a lookalike host', 'http://localhost:5173.evil.example/', dev],
    ['javascript:', 'javascript:alert(1)', dev],
    ['data:', 'data:text/html,<script>1</script>', dev],
    ['garbage', 'not a url', dev],
  ])('returns false for %s', (_label, url, trusted) => {
    expect(isTrustedUrl(url, trusted)).toBe(false);
  });
});
