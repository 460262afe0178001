import { describe, expect, it } from 'vitest';
import {
  APP_ROLES,
  FEEDBACK_STATUSES,
  LEVELS,
  SPEAKERS,
  STORED_FEEDBACK_TYPES,
  everyValue,
  isOneOf,
  type Level,
} from './index.ts';

describe('enumerations', () => {
  it('lists each database enum once, in the order of its migration', () => {
    expect(LEVELS).toEqual(['beginner', 'intermediate', 'advanced']);
    expect(SPEAKERS).toEqual(['narrator', 'anna', 'bence']);
    expect(STORED_FEEDBACK_TYPES).toEqual(['bug', 'feature', 'content', 'general', 'others']);
    expect(FEEDBACK_STATUSES).toEqual(['new', 'reviewing', 'resolved', 'closed']);
    expect(APP_ROLES).toEqual(['admin', 'user']);
  });

  it('refuses, at compile time, a list that misses a value or has one the enum lacks', () => {
    // @ts-expect-error 'advanced' is missing
    const short = everyValue<Level>()(['beginner', 'intermediate']);
    // @ts-expect-error 'expert' is not a level
    const extra = everyValue<Level>()(['beginner', 'intermediate', 'advanced', 'expert']);
    // Runtime is the identity; the check above is the compiler's.
    expect([short, extra].map((list) => list.length)).toEqual([2, 4]);
  });

  it('tells a member of a list from anything else', () => {
    expect(isOneOf(LEVELS, 'advanced')).toBe(true);
    expect(isOneOf(LEVELS, 'Advanced')).toBe(false);
    expect(isOneOf(LEVELS, null)).toBe(false);
    expect(isOneOf(APP_ROLES, 'admin')).toBe(true);
  });
});
