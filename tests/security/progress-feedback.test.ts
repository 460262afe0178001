import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startSecurityServer } from './progress-fixture.ts';
import type { Learner, SecurityServer } from './progress-fixture.ts';

// Finding (issue 10): one learner inserted 7,938 feedback rows in 10 s, and the Feedback tab then
// showed "Total 1000" (one response carries at most 1,000 rows). A learner may now send 10
// messages a minute, counted under a lock so a burst of parallel requests cannot slip through
// (PostgreSQL runs them in parallel; PGlite one after another), and the tab's counts come from
// admin_feedback_stats over every row.

const LIMIT = 10;

describe.each(BACKENDS)('feedback flood on %s', (backend) => {
  let server: SecurityServer;
  let mallory: Learner;
  let admin: Learner;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    mallory = await server.signUp('mallory');
    admin = await server.signUp('admin', { admin: true });
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function storedFor(learner: Learner): Promise<number> {
    const { count, error } = await server.service
      .from('user_feedback')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', learner.id);
    if (error) throw error;
    return count ?? -1;
  }

  it('refuses more than 10 messages a minute, even sent all at once', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        mallory.db
          .from('user_feedback')
          .insert({ feedback_type: 'bug', title: `Flood ${i}`, description: 'spam' }),
      ),
    );
    const accepted = attempts.filter((a) => a.error === null);
    const refused = attempts.filter((a) => a.error !== null);
    expect(accepted).toHaveLength(LIMIT);
    expect(refused.map((a) => [a.status, a.error?.code])).toEqual(
      Array.from({ length: 60 - LIMIT }, () => [429, 'PT429']),
    );
    expect(refused[0]?.error?.message).toMatch(/at most 10 messages a minute/);
    expect(await storedFor(mallory)).toBe(LIMIT);
  });

  it('refuses a batch past the limit and back-dated rows', async () => {
    const batch = await mallory.db.from('user_feedback').insert(
      Array.from({ length: 50 }, (_, i) => ({
        title: `Batch ${i}`,
        description: 'spam',
        created_at: '2001-01-01T00:00:00Z',
      })),
    );
    expect(batch.status).toBe(429);
    expect(await storedFor(mallory)).toBe(LIMIT);
  });

  it('does not limit other learners, and refuses anonymous feedback', async () => {
    const other = await server.signUp('other');
    const sent = await other.db
      .from('user_feedback')
      .insert({ title: 'Good app', description: 'Really', feedback_type: 'general' });
    expect(sent.error).toBeNull();
    const anon = await server.anon
      .from('user_feedback')
      .insert({ user_id: other.id, title: 'x', description: 'y' });
    expect(anon.status).toBe(401);
    expect(await storedFor(other)).toBe(1);
  });

  it('returns the Feedback tab’s true counts past 1,000 rows, and every row page by page', async () => {
    const imported = await server.service.from('user_feedback').insert(
      Array.from({ length: 1200 }, (_, i) => ({
        user_id: mallory.id,
        title: `Import ${i}`,
        description: 'bulk',
        feedback_type: i % 3 === 0 ? 'feature' : 'bug',
        status: i % 4 === 0 ? 'reviewing' : 'new',
      })),
    );
    expect(imported.error).toBeNull();
    const { count } = await server.service
      .from('user_feedback')
      .select('id', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(1200);

    const oneResponse = await admin.db.from('user_feedback').select('id');
    expect(oneResponse.data).toHaveLength(1000);
    const stats = await admin.db.rpc('admin_feedback_stats');
    expect(stats.error).toBeNull();
    expect(stats.data?.[0]?.total).toBe(count);
    const reviewing = await server.service
      .from('user_feedback')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'reviewing');
    expect(stats.data?.[0]?.status_reviewing).toBe(reviewing.count);

    const ids = new Set<string>();
    for (let from = 0; ; from += 1000) {
      const page = await admin.db
        .from('user_feedback')
        .select('id')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, from + 999);
      expect(page.error).toBeNull();
      for (const row of page.data ?? []) ids.add(row.id);
      if ((page.data ?? []).length < 1000) break;
    }
    expect(ids.size).toBe(count);

    const learnerStats = await mallory.db.rpc('admin_feedback_stats');
    expect(learnerStats.error?.code).toBe('42501');
  });
});
