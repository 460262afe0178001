import { describe, expect, it } from 'vitest';
import { previewAddress } from './lesson-preview.ts';

const ID = '3f2c0c1e-1111-4000-8000-000000000001';

describe('previewAddress', () => {
  it('returns the preview page on the configured web origin, else on the publish server', () => {
    expect(previewAddress(ID, 'https://app.example', 'https://x.supabase.co')).toEqual({
      ok: true,
      url: `https://app.example/lesson/${ID}/preview`,
    });
    expect(previewAddress(ID, undefined, 'http://127.0.0.1:54321/')).toEqual({
      ok: true,
      url: `http://127.0.0.1:54321/lesson/${ID}/preview`,
    });
    expect(previewAddress(ID, '  ', 'http://127.0.0.1:54321')).toMatchObject({ ok: true });
  });

  it('refuses a lesson without a server id, or with one that is not a UUID', () => {
    for (const remoteId of [null, '', '../admin', `${ID}/../../x`, 'javascript:alert(1)']) {
      expect(previewAddress(remoteId, 'https://app.example', undefined)).toEqual({
        ok: false,
        code: 'preview-not-published',
      });
    }
  });

  it('refuses an origin that is not an http(s) web site', () => {
    for (const origin of ['file:///etc', 'smb://host/share', 'javascript:alert(1)', 'nonsense']) {
      expect(previewAddress(ID, origin, undefined)).toEqual({
        ok: false,
        code: 'preview-no-web-origin',
      });
    }
    expect(previewAddress(ID, undefined, undefined)).toEqual({
      ok: false,
      code: 'preview-no-web-origin',
    });
  });
});
