import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { authOptionsFromEnv } from './options.ts';
import { tomlAuthSettings } from './toml-settings.ts';
import { globToRegExp, isRedirectAllowed } from './redirects.ts';

describe('redirect_to allow-list', () => {
  const policy = {
    siteUrl: 'http://127.0.0.1:54321/',
    allowList: ['http://localhost:5173/dashboard', 'https://*.magyarul.example/**'],
  };

  it('allows the site on its own scheme, host and port, any path', () => {
    expect(isRedirectAllowed(policy, 'http://127.0.0.1:54321/reset-password?x=1')).toBe(true);
    expect(isRedirectAllowed(policy, 'http://127.0.0.1:9999/reset-password')).toBe(false);
    expect(isRedirectAllowed(policy, 'https://127.0.0.1:54321/')).toBe(false);
    expect(isRedirectAllowed(policy, 'http://user:pw@127.0.0.1:54321/')).toBe(false);
    expect(isRedirectAllowed(policy, 'http://localhost:54321/')).toBe(false);
  });

  it('matches allow-list entries exactly or as GoTrue globs, never another host or port', () => {
    expect(isRedirectAllowed(policy, 'http://localhost:5173/dashboard')).toBe(true);
    expect(isRedirectAllowed(policy, 'http://localhost:5173/dashboard#frag')).toBe(true);
    expect(isRedirectAllowed(policy, 'http://localhost:5173/dashboard/x')).toBe(false);
    expect(isRedirectAllowed(policy, 'http://localhost:9999/dashboard')).toBe(false);
    expect(isRedirectAllowed(policy, 'https://app.magyarul.example/a/b')).toBe(true);
    expect(isRedirectAllowed(policy, 'https://evil.example/.magyarul.example/')).toBe(false);
    expect(isRedirectAllowed(policy, 'https://a.b.magyarul.example/')).toBe(false);
    expect(isRedirectAllowed(policy, 'javascript:alert(1)')).toBe(false);
    expect(isRedirectAllowed(policy, 'not a url')).toBe(false);
    expect(globToRegExp('http://x/?').test('http://x/a')).toBe(true);
    expect(globToRegExp('http://x/?').test('http://x//')).toBe(false);
  });

  it('reads additional_redirect_urls from config.toml and AUTH_ADDITIONAL_REDIRECT_URLS', () => {
    const fromRepo = tomlAuthSettings(join(REPO_ROOT, 'supabase')).additionalRedirectUrls;
    expect(fromRepo).toContain('http://localhost:5173/reset-password');
    const dir = mkdtempSync(join(tmpdir(), 'magyarul-toml-'));
    try {
      writeFileSync(
        join(dir, 'config.toml'),
        '[auth]\nadditional_redirect_urls = [\n  "https://a.example/**", # app\n  \'https://b.example/x\',\n]\n',
      );
      const options = authOptionsFromEnv(
        { AUTH_ADDITIONAL_REDIRECT_URLS: 'https://c.example/y, https://d.example/**' },
        dir,
      );
      expect(options.additionalRedirectUrls).toEqual([
        'https://a.example/**',
        'https://b.example/x',
        'https://c.example/y',
        'https://d.example/**',
      ]);
      expect(options.siteUrl).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
