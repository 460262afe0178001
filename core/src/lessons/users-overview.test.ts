import { describe, expect, it } from 'vitest';
import { filterUsersById, shortUserId, usersOverview } from './users-overview.ts';

const now = new Date('2026-06-15T12:00:00Z');
const U1 = '11111111-aaaa-bbbb-cccc-000000000001';
const U2 = '22222222-aaaa-bbbb-cccc-000000000002';
const U3 = '33333333-aaaa-bbbb-cccc-000000000003';

describe('usersOverview', () => {
  const lessonRows = [
    { user_id: U1, is_completed: true, flashcard_accuracy: 85, updated_at: '2026-06-14T10:00:00Z' },
    { user_id: U1, is_completed: true, flashcard_accuracy: 90, updated_at: '2026-06-01T10:00:00Z' },
    {
      user_id: U1,
      is_completed: false,
      flashcard_accuracy: 40,
      updated_at: '2026-06-15T10:00:00Z',
    },
    {
      user_id: U2,
      is_completed: true,
      flashcard_accuracy: null,
      updated_at: '2026-05-01T10:00:00Z',
    },
  ];
  const vocabularyRows = [
    { user_id: U1, vocabulary_id: 'v1', times_seen: 3 },
    { user_id: U1, vocabulary_id: 'v2', times_seen: 1 },
    { user_id: U1, vocabulary_id: 'v3', times_seen: 0 },
    {
      user_id: U3,
      vocabulary_id: 'v1',
      times_seen: 2,
      last_review: new Date('2026-06-12T09:00:00Z'),
    },
  ];

  it('returns one row per user with rounded accuracy, newest activity first', () => {
    const { users } = usersOverview(lessonRows, vocabularyRows, 4, now);
    expect(users).toEqual([
      {
        userId: U1,
        lessonsCompleted: 2,
        wordsReviewed: 2,
        avgAccuracy: 88,
        lastActivity: new Date('2026-06-14T10:00:00Z'),
        active: true,
      },
      {
        userId: U3,
        lessonsCompleted: 0,
        wordsReviewed: 1,
        avgAccuracy: null,
        lastActivity: new Date('2026-06-12T09:00:00Z'),
        active: true,
      },
      {
        userId: U2,
        lessonsCompleted: 1,
        wordsReviewed: 0,
        avgAccuracy: null,
        lastActivity: new Date('2026-05-01T10:00:00Z'),
        active: false,
      },
    ]);
  });

  it('returns the stat cards as rounded integers', () => {
    const { stats } = usersOverview(lessonRows, vocabularyRows, 4, now);
    // Completion: (2/4 + 0/4 + 1/4) / 3 = 25 %; accuracy: only U1 has one (88).
    expect(stats).toEqual({ totalUsers: 3, active7d: 2, avgCompletion: 25, avgAccuracy: 88 });
  });

  it('returns zeros without data or published lessons', () => {
    expect(usersOverview([], [], 0, now).stats).toEqual({
      totalUsers: 0,
      active7d: 0,
      avgCompletion: 0,
      avgAccuracy: 0,
    });
    expect(usersOverview(lessonRows, [], 0, now).stats.avgCompletion).toBe(0);
  });

  it('returns short ids and filters by id', () => {
    expect(shortUserId(U1)).toBe('11111111...');
    expect(shortUserId('abc')).toBe('abc');
    const { users } = usersOverview(lessonRows, vocabularyRows, 4, now);
    expect(filterUsersById(users, ' 2222 ').map((u) => u.userId)).toEqual([U2]);
    expect(filterUsersById(users, 'AAAA')).toHaveLength(3);
    expect(filterUsersById(users, '')).toHaveLength(3);
  });
});
