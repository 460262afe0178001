import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_STATUSES, LEVELS } from '@magyarul/core/enums';
import type { Database } from '../../supabase/types/database.ts';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';
import { client, signedUp, type Db } from './setup/clients.ts';

// The enum columns (the baseline migration's "Enumerations") through supabase-js and the embedded
// backend's REST layer, as the apps filter them: eq, neq, in and order on an enum column; a
// value outside the enum refused with 22P02 whether written or used as a filter; the feedback
// insert policy (status = 'new') still holding for a learner, and anonymous callers reading none.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase', import.meta.url));

const NUMBERS = [951, 952, 953];

describe.each(BACKENDS)('enum columns through REST on %s', (backend) => {
  let server: TestServer;
  let service: Db;
  let admin: Db;
  let learner: Db;
  let anon: Db;

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    service = client(server, server.ctx.keys.serviceRoleKey);
    anon = client(server, server.ctx.keys.anonKey);
    const a = await signedUp(server, `enum-admin-${backend}@example.test`);
    admin = a.db;
    learner = (await signedUp(server, `enum-learner-${backend}@example.test`)).db;
    const role = await service.from('user_roles').update({ role: 'admin' }).eq('user_id', a.id);
    expect(role.error).toBeNull();
    const lessons = await service.from('lessons').insert([
      { lesson_number: 951, title: 'Haladó', level: 'advanced', is_published: true },
      { lesson_number: 953, title: 'Középhaladó', level: 'intermediate', is_published: true },
    ]);
    expect(lessons.error).toBeNull();
    // Without a level: the column default (beginner) still applies.
    const beginner = await service
      .from('lessons')
      .insert({ lesson_number: 952, title: 'Kezdő', is_published: true })
      .select('level')
      .single();
    expect(beginner.data).toEqual({ level: 'beginner' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('filters an enum column with eq, neq and in, and orders it in the enum order', async () => {
    const eq = await anon.from('lessons').select('lesson_number, level').eq('level', 'advanced');
    expect(eq.error).toBeNull();
    expect(eq.data?.filter((r) => NUMBERS.includes(r.lesson_number ?? 0))).toEqual([
      { lesson_number: 951, level: 'advanced' },
    ]);

    const neq = await anon
      .from('lessons')
      .select('lesson_number')
      .in('lesson_number', NUMBERS)
      .neq('level', 'beginner')
      .order('lesson_number');
    expect(neq.data?.map((r) => r.lesson_number)).toEqual([951, 953]);

    const within = await anon
      .from('lessons')
      .select('lesson_number')
      .in('lesson_number', NUMBERS)
      .in('level', ['beginner', 'intermediate'])
      .order('lesson_number');
    expect(within.data?.map((r) => r.lesson_number)).toEqual([952, 953]);

    // Enum order (beginner < intermediate < advanced), not alphabetical order.
    const ordered = await anon
      .from('lessons')
      .select('lesson_number, level')
      .in('lesson_number', NUMBERS)
      .order('level');
    expect(ordered.data?.map((r) => r.level)).toEqual([...LEVELS]);
  });

  it('refuses a value outside the enum with 22P02, as a filter and as a write', async () => {
    const filter = await anon
      .from('lessons')
      .select('id')
      .eq('level', 'expert' as Database['public']['Enums']['level']);
    expect(filter.error?.code).toBe('22P02');
    expect(filter.error?.message).toContain('invalid input value for enum');

    const write = await admin.from('lessons').insert({
      lesson_number: 954,
      title: 'Szakértő',
      level: 'expert' as Database['public']['Enums']['level'],
    });
    expect(write.error?.code).toBe('22P02');
    const none = await service.from('lessons').select('id').eq('lesson_number', 954);
    expect(none.data).toEqual([]);
  });

  it('keeps the feedback rules: a learner files new feedback only, an admin filters by status and type', async () => {
    const sent = await learner
      .from('user_feedback')
      .insert({ feedback_type: 'bug', title: 'Hiba', description: 'Nem szól a hang.' })
      .select('status, feedback_type')
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ status: 'new', feedback_type: 'bug' });

    const resolved = await learner
      .from('user_feedback')
      .insert({ title: 'Kész', description: 'x', status: 'resolved' });
    expect(resolved.error?.code).toBe('42501');

    const badType = await learner.from('user_feedback').insert({
      title: 'Dicséret',
      description: 'x',
      feedback_type: 'praise' as Database['public']['Enums']['feedback_type'],
    });
    expect(badType.error?.code).toBe('22P02');

    const byStatus = await admin
      .from('user_feedback')
      .select('title, status')
      .eq('status', 'new')
      .eq('feedback_type', 'bug');
    expect(byStatus.error).toBeNull();
    expect(byStatus.data).toEqual([{ title: 'Hiba', status: 'new' }]);

    const moved = await admin
      .from('user_feedback')
      .update({ status: 'reviewing' })
      .eq('title', 'Hiba')
      .select('status');
    expect(moved.data).toEqual([{ status: 'reviewing' }]);
    const open = await admin
      .from('user_feedback')
      .select('title')
      .in(
        'status',
        FEEDBACK_STATUSES.filter((s) => s !== 'closed'),
      );
    expect(open.data?.map((r) => r.title)).toEqual(['Hiba']);

    const anonymous = await anon.from('user_feedback').select('id');
    expect(anonymous.data ?? []).toEqual([]);
  });
});
