import { describe, expect, it } from 'vitest';
import { lessonPreviewPath, lessonPreviewUrl } from './preview-url.ts';

describe('lesson preview address', () => {
  it('returns the preview path of a lesson id', () => {
    expect(lessonPreviewPath('3f2c0c1e-0000-4000-8000-000000000001')).toBe(
      '/lesson/3f2c0c1e-0000-4000-8000-000000000001/preview',
    );
  });

  it('returns the preview page on the web origin, dropping any path of the origin', () => {
    expect(lessonPreviewUrl('https://app.magyarul.example/admin?x=1', 'abc')).toBe(
      'https://app.magyarul.example/lesson/abc/preview',
    );
    expect(lessonPreviewUrl('http://127.0.0.1:8080', 'abc')).toBe(
      'http://127.0.0.1:8080/lesson/abc/preview',
    );
  });

  it('keeps a hostile lesson id inside the path of the same origin', () => {
    for (const id of ['../../evil', '//evil.example/x', 'a?b#c', 'x/../../admin']) {
      const url = lessonPreviewUrl('https://app.magyarul.example', id);
      expect(url).not.toBeNull();
      const parsed = new URL(url ?? '');
      expect(parsed.origin).toBe('https://app.magyarul.example');
      expect(parsed.pathname.startsWith('/lesson/')).toBe(true);
      expect(parsed.pathname.endsWith('/preview')).toBe(true);
      expect(parsed.search + parsed.hash).toBe('');
    }
  });

  it('returns null for an origin that is not an http(s) web site', () => {
    for (const origin of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'not a url',
      '',
      'https://user:pw@app.magyarul.example',
    ]) {
      expect(lessonPreviewUrl(origin, 'abc')).toBeNull();
    }
  });
});
