import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';
import { client, signedUp, type Db } from './setup/clients.ts';

// A learner who calls the admin APIs by hand with supabase-js is refused by the database
// (RLS and the procedures' admin check), not only hidden by the UI. Every refusal is paired
// with the same call by an admin succeeding, so a test cannot pass because the call is broken.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase', import.meta.url));
const BUCKETS = ['lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents'] as const;
const SAMPLE: Record<(typeof BUCKETS)[number], { name: string; type: string }> = {
  'lesson-audio': { name: 'a.mp3', type: 'audio/mpeg' },
  'lesson-images': { name: 'a.png', type: 'image/png' },
  'lesson-video': { name: 'a.mp4', type: 'video/mp4' },
  'lesson-documents': { name: 'a.csv', type: 'text/csv' },
};

describe.each(BACKENDS)('admin writes refused to learners on %s', (backend) => {
  let server: TestServer;
  let service: Db;
  let admin: Db;
  let learner: Db;
  let learnerId: string;
  let otherId: string;
  let lessonId: string;
  let wordId: string;
  let feedbackId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    service = client(server, server.ctx.keys.serviceRoleKey);
    const a = await signedUp(server, `admin-${backend}@example.test`);
    const l = await signedUp(server, `learner-${backend}@example.test`);
    const o = await signedUp(server, `other-${backend}@example.test`);
    admin = a.db;
    learner = l.db;
    learnerId = l.id;
    otherId = o.id;
    const role = await service.from('user_roles').update({ role: 'admin' }).eq('user_id', a.id);
    expect(role.error).toBeNull();

    const lesson = await service
      .from('lessons')
      .insert({ title: 'Piacon', lesson_number: 1, is_published: true })
      .select('id')
      .single();
    if (lesson.error) throw lesson.error;
    lessonId = lesson.data.id;
    await service.from('lesson_transcript').insert({
      lesson_id: lessonId,
      line_number: 1,
      speaker: 'anna',
      text_content: 'Szia!',
      start_time: 0,
      end_time: 4,
    });
    const word = await service
      .from('lesson_vocabulary')
      .insert({ lesson_id: lessonId, word_hu: 'alma', word_en: 'apple' })
      .select('id')
      .single();
    if (word.error) throw word.error;
    wordId = word.data.id;
    // Learners cannot write their progress (it changes through the procedures): arranged here.
    const progress = await service.from('user_lesson_progress').insert({
      user_id: otherId,
      lesson_id: lessonId,
      is_completed: true,
      flashcard_accuracy: 90,
    });
    expect(progress.error).toBeNull();
    const feedback = await l.db
      .from('user_feedback')
      .insert({ title: 'Bug', description: 'Audio stops', feedback_type: 'bug' })
      .select('id')
      .single();
    if (feedback.error) throw feedback.error;
    feedbackId = feedback.data.id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function lessonRow() {
    const { data } = await service.from('lessons').select('*').eq('id', lessonId).single();
    return data;
  }

  it('refuses lesson insert, update and delete', async () => {
    const before = await lessonRow();
    const insert = await learner.from('lessons').insert({ title: 'Hack', is_published: true });
    expect(insert.error?.code).toBe('42501');
    const update = await learner
      .from('lessons')
      .update({ title: 'Hacked', is_published: false })
      .eq('id', lessonId)
      .select();
    expect(update.error === null ? update.data : []).toEqual([]);
    const del = await learner.from('lessons').delete().eq('id', lessonId).select();
    expect(del.error === null ? del.data : []).toEqual([]);
    expect(await lessonRow()).toEqual(before);

    const allowed = await admin
      .from('lessons')
      .update({ topic: 'Piac' })
      .eq('id', lessonId)
      .select();
    expect(allowed.data).toHaveLength(1);
  });

  it('refuses transcript and vocabulary insert, update and delete', async () => {
    const line = await learner.from('lesson_transcript').insert({
      lesson_id: lessonId,
      line_number: 2,
      speaker: 'bence',
      text_content: 'Hack',
    });
    expect(line.error?.code).toBe('42501');
    const lineUpdate = await learner
      .from('lesson_transcript')
      .update({ text_content: 'Hacked' })
      .eq('lesson_id', lessonId)
      .select();
    expect(lineUpdate.error === null ? lineUpdate.data : []).toEqual([]);
    const lineDelete = await learner
      .from('lesson_transcript')
      .delete()
      .eq('lesson_id', lessonId)
      .select();
    expect(lineDelete.error === null ? lineDelete.data : []).toEqual([]);
    const lines = await service
      .from('lesson_transcript')
      .select('text_content')
      .eq('lesson_id', lessonId);
    expect(lines.data).toEqual([{ text_content: 'Szia!' }]);

    const word = await learner
      .from('lesson_vocabulary')
      .insert({ lesson_id: lessonId, word_hu: 'körte', word_en: 'pear' });
    expect(word.error?.code).toBe('42501');
    const wordUpdate = await learner
      .from('lesson_vocabulary')
      .update({ word_en: 'hacked' })
      .eq('id', wordId)
      .select();
    expect(wordUpdate.error === null ? wordUpdate.data : []).toEqual([]);
    const wordDelete = await learner.from('lesson_vocabulary').delete().eq('id', wordId).select();
    expect(wordDelete.error === null ? wordDelete.data : []).toEqual([]);
    const words = await service
      .from('lesson_vocabulary')
      .select('word_en')
      .eq('lesson_id', lessonId);
    expect(words.data).toEqual([{ word_en: 'apple' }]);

    const allowed = await admin
      .from('lesson_vocabulary')
      .update({ difficulty: 'advanced' })
      .eq('id', wordId)
      .select('difficulty');
    expect(allowed.data).toEqual([{ difficulty: 'advanced' }]);
  });

  it('refuses QA reviews and lesson file records', async () => {
    const review = await learner
      .from('lesson_qa_reviews')
      .insert({ lesson_id: lessonId, qa_notes: 'looks fine', status: 'approved' });
    expect(review.error?.code).toBe('42501');
    const file = await learner.from('lesson_files').insert({
      lesson_id: lessonId,
      file_name: 'a.mp3',
      file_path: 'x/a.mp3',
      file_type: 'audio',
      bucket_id: 'lesson-audio',
    });
    expect(file.error?.code).toBe('42501');
    const allowed = await admin
      .from('lesson_qa_reviews')
      .insert({ lesson_id: lessonId, qa_notes: 'checked', status: 'approved' });
    expect(allowed.error).toBeNull();
  });

  it('refuses changing a feedback status, even on the learner’s own feedback', async () => {
    const update = await learner
      .from('user_feedback')
      .update({ status: 'resolved' })
      .eq('id', feedbackId)
      .select();
    expect(update.error === null ? update.data : []).toEqual([]);
    const row = await service.from('user_feedback').select('status').eq('id', feedbackId).single();
    expect(row.data?.status).toBe('new');
    const allowed = await admin
      .from('user_feedback')
      .update({ status: 'reviewing' })
      .eq('id', feedbackId)
      .select('status');
    expect(allowed.data).toEqual([{ status: 'reviewing' }]);
  });

  it('refuses granting roles, including making oneself an admin', async () => {
    const self = await learner
      .from('user_roles')
      .update({ role: 'admin' })
      .eq('user_id', learnerId)
      .select();
    expect(self.error === null ? self.data : []).toEqual([]);
    const other = await learner
      .from('user_roles')
      .update({ role: 'admin' })
      .eq('user_id', otherId)
      .select();
    expect(other.error === null ? other.data : []).toEqual([]);
    const insert = await learner.from('user_roles').upsert({ user_id: learnerId, role: 'admin' });
    expect(insert.error).not.toBeNull();
    const roles = await service
      .from('user_roles')
      .select('role')
      .in('user_id', [learnerId, otherId]);
    expect(roles.data?.map((r) => r.role)).toEqual(['user', 'user']);
    const isAdmin = await learner.rpc('is_admin');
    expect(isAdmin.data).toBe(false);
  });

  it('refuses reading other learners’ progress and the admin procedures', async () => {
    const progress = await learner.from('user_lesson_progress').select('*').eq('user_id', otherId);
    expect(progress.data).toEqual([]);
    const words = await learner
      .from('user_vocabulary_progress')
      .select('*')
      .neq('user_id', learnerId);
    expect(words.data).toEqual([]);
    for (const fn of [
      'admin_user_progress',
      'admin_user_progress_totals',
      'admin_lesson_completion',
    ] as const) {
      const res = await learner.rpc(fn);
      expect(res.error?.code).toBe('42501');
    }
    const daily = await learner.rpc('admin_daily_active_learners', { _days: 7 });
    expect(daily.error?.code).toBe('42501');
    const hardest = await learner.rpc('admin_word_accuracy', { _limit: 5 });
    expect(hardest.error?.code).toBe('42501');

    const allowed = await admin.rpc('admin_user_progress');
    expect(allowed.data?.map((r) => r.user_id)).toContain(otherId);
    const adminRead = await admin
      .from('user_lesson_progress')
      .select('user_id')
      .eq('user_id', otherId);
    expect(adminRead.data).toEqual([{ user_id: otherId }]);
  });

  it.each(BUCKETS)('refuses a learner’s upload to %s', async (bucket) => {
    const { name, type } = SAMPLE[bucket];
    const body = new Blob([new Uint8Array([1, 2, 3, 4])], { type });
    const path = `${lessonId}/${Date.now()}-${name}`;
    const refused = await learner.storage.from(bucket).upload(path, body, { contentType: type });
    expect(refused.error).not.toBeNull();
    const objects = await service.storage.from(bucket).list(lessonId);
    expect((objects.data ?? []).map((o) => o.name)).not.toContain(path.split('/')[1]);

    const allowed = await admin.storage.from(bucket).upload(path, body, { contentType: type });
    expect(allowed.error).toBeNull();
    const removal = await learner.storage.from(bucket).remove([path]);
    expect(removal.data ?? []).toEqual([]);
    const still = await service.storage.from(bucket).list(lessonId);
    expect((still.data ?? []).map((o) => o.name)).toContain(path.split('/')[1]);
  });
});
