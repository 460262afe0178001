import { describe, expect, it } from 'vitest';
import { resolveBackendConfig } from './config.ts';

describe('resolveBackendConfig', () => {
  it('returns the build-time URL and key when both are set', () => {
    expect(
      resolveBackendConfig({
        envUrl: 'https://abc.supabase.co/',
        envKey: 'anon-1',
        origin: 'http://127.0.0.1:54321',
        metaKey: 'meta-key',
      }),
    ).toEqual({ url: 'https://abc.supabase.co', anonKey: 'anon-1' });
  });

  it('returns the page origin and the meta key when nothing was set at build time', () => {
    expect(
      resolveBackendConfig({
        envUrl: '',
        envKey: undefined,
        origin: 'http://127.0.0.1:54321',
        metaKey: ' meta-key ',
      }),
    ).toEqual({ url: 'http://127.0.0.1:54321', anonKey: 'meta-key' });
  });

  it('returns an empty key when neither source has one', () => {
    expect(
      resolveBackendConfig({
        envUrl: undefined,
        envKey: undefined,
        origin: 'http://x',
        metaKey: null,
      }),
    ).toEqual({ url: 'http://x', anonKey: '' });
  });
});
