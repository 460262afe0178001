import { describe, expect, it } from 'vitest';
import { parseDueNotice, shouldNotify, type DueNotice } from './due-notice-rule.ts';

const NOW = new Date('2026-11-27T18:00:00Z');
const notice: DueNotice = { dueAt: '2026-11-27T17:00:00Z', title: 'Zeit', body: '3 Wörter' };

describe('due notice rule', () => {
  it('returns true once the due time has come and the app is not on screen', () => {
    expect(shouldNotify(notice, NOW, false)).toBe(true);
  });

  it('returns false before the due time, while the app is visible, or when shown already', () => {
    expect(shouldNotify({ ...notice, dueAt: '2026-11-27T19:00:00Z' }, NOW, false)).toBe(false);
    expect(shouldNotify(notice, NOW, true)).toBe(false);
    expect(shouldNotify({ ...notice, shownFor: notice.dueAt }, NOW, false)).toBe(false);
    expect(shouldNotify({ ...notice, dueAt: null }, NOW, false)).toBe(false);
    expect(shouldNotify(null, NOW, false)).toBe(false);
  });

  it('returns a notice only for the expected message shape', () => {
    const message = { type: 'magyarul-due-notice', dueAt: notice.dueAt, title: 'T', body: 'B' };
    expect(parseDueNotice(message)).toEqual({ dueAt: notice.dueAt, title: 'T', body: 'B' });
    expect(parseDueNotice({ ...message, type: 'other' })).toBeNull();
    expect(parseDueNotice({ ...message, dueAt: 'soon' })).toBeNull();
    expect(parseDueNotice({ ...message, title: 3 })).toBeNull();
    expect(parseDueNotice('magyarul-due-notice')).toBeNull();
  });
});
