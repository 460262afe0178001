import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer } from './setup/server.ts';
import type { TestServer } from './setup/server.ts';

// Meanings in German and Spanish, per-line translations and the learner's meaning language,
// through /rest/v1 with unmodified supabase-js on PGlite and PostgreSQL 15: anonymous visitors
// and learners read the translations of published lessons only and write none; a learner sets
// their own meaning language and not another's; the tourist pack list is the learner's own.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
type Client = SupabaseClient<Database>;

const PUBLISHED = randomUUID();
const DRAFT = randomUUID();
const WORD = randomUUID();
const UNTRANSLATED = randomUUID();
const DRAFT_WORD = randomUUID();

async function ok<T>(query: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(JSON.stringify(error));
  if (data === null) throw new Error('no data');
  return data;
}

/** A fixture write that must succeed. */
async function run(query: PromiseLike<{ error: unknown }>): Promise<void> {
  const { error } = await query;
  if (error) throw new Error(JSON.stringify(error));
}

/** The one row a service-role read returns (for checking what a refused write left). */
async function row<T>(query: PromiseLike<{ data: T[] | null; error: unknown }>): Promise<T> {
  const rows = await ok(query);
  expect(rows).toHaveLength(1);
  return rows[0] as T;
}

describe.each(BACKENDS)('translations and the meaning language on %s', (backend) => {
  let server: TestServer;
  let service: Client;
  let anon: Client;
  const learners = {} as Record<'a' | 'b' | 'admin', { id: string; client: Client }>;

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    const { anonKey, serviceRoleKey } = server.ctx.keys;
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    service = createClient<Database>(server.url, serviceRoleKey, options);
    anon = createClient<Database>(server.url, anonKey, options);
    for (const who of ['a', 'b', 'admin'] as const) {
      const signup = await createClient<Database>(server.url, anonKey, options).auth.signUp({
        email: `${who}@translations.test`,
        password: 'magyarul-translations',
      });
      if (signup.error || !signup.data.session || !signup.data.user)
        throw new Error(`sign-up of ${who} failed`);
      learners[who] = {
        id: signup.data.user.id,
        client: createClient<Database>(server.url, anonKey, {
          ...options,
          global: { headers: { Authorization: `Bearer ${signup.data.session.access_token}` } },
        }),
      };
    }
    await run(
      service.from('user_roles').update({ role: 'admin' }).eq('user_id', learners.admin.id),
    );
    await run(
      service.from('lessons').insert([
        { id: PUBLISHED, lesson_number: 901, title: 'Fordítások', is_published: true },
        { id: DRAFT, lesson_number: 902, title: 'Vázlat', is_published: false },
      ]),
    );
    await run(
      service.from('lesson_transcript').insert([
        {
          lesson_id: PUBLISHED,
          line_number: 1,
          speaker: 'anna',
          text_content: 'Szia, Bence!',
          translation_en: 'Hi, Bence!',
          translation_de: 'Hallo, Bence!',
          translation_es: '¡Hola, Bence!',
        },
        {
          lesson_id: PUBLISHED,
          line_number: 2,
          speaker: 'bence',
          text_content: 'Holnap találkozunk.',
          translation_en: 'See you tomorrow.',
        },
        {
          lesson_id: DRAFT,
          line_number: 1,
          speaker: 'bence',
          text_content: 'Jó reggelt!',
          translation_de: 'Guten Morgen!',
        },
      ]),
    );
    await run(
      service.from('lesson_vocabulary').insert([
        {
          id: WORD,
          lesson_id: PUBLISHED,
          word_hu: 'szia',
          word_en: 'hi',
          word_de: 'hallo',
          word_es: 'hola',
        },
        { id: UNTRANSLATED, lesson_id: PUBLISHED, word_hu: 'holnap', word_en: 'tomorrow' },
        {
          id: DRAFT_WORD,
          lesson_id: DRAFT,
          word_hu: 'reggel',
          word_en: 'morning',
          word_de: 'Morgen',
        },
      ]),
    );
    await run(
      service.from('tourist_pack_words').insert({
        position: 901,
        word_hu: 'Szia',
        word_en: 'hi',
        word_de: 'hallo',
        word_es: 'hola',
      }),
    );
    // Learner A completed lesson 901 and answered both its words (a word's progress, and so its
    // place in the due queue, comes with its first answer); both are due again.
    await run(
      service.from('user_lesson_progress').insert({
        user_id: learners.a.id,
        lesson_id: PUBLISHED,
        audio_completed: true,
        is_completed: true,
        completed_at: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    );
    await run(
      service.from('user_vocabulary_progress').insert(
        [WORD, UNTRANSLATED].map((vocabulary_id) => ({
          user_id: learners.a.id,
          vocabulary_id,
          reps: 1,
          times_seen: 1,
          times_correct: 1,
          last_review: new Date(Date.now() - 3_600_000).toISOString(),
          due: new Date(Date.now() - 60_000).toISOString(),
        })),
      ),
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const readers = (): [string, Client][] => [
    ['anon', anon],
    ['a learner', learners.a.client],
  ];

  it('returns the line translations of published lessons, null where missing, to anyone', async () => {
    for (const [who, client] of readers()) {
      const lines = await ok(
        client
          .from('lesson_transcript')
          .select('lesson_id, translation_en, translation_de, translation_es')
          .in('lesson_id', [PUBLISHED, DRAFT])
          .order('line_number'),
      );
      expect(lines, who).toEqual([
        {
          lesson_id: PUBLISHED,
          translation_en: 'Hi, Bence!',
          translation_de: 'Hallo, Bence!',
          translation_es: '¡Hola, Bence!',
        },
        {
          lesson_id: PUBLISHED,
          translation_en: 'See you tomorrow.',
          translation_de: null,
          translation_es: null,
        },
      ]);
    }
  });

  it('returns German and Spanish meanings of published words only', async () => {
    for (const [who, client] of readers()) {
      const words = await ok(
        client
          .from('lesson_vocabulary')
          .select('id, word_de, word_es')
          .in('lesson_id', [PUBLISHED, DRAFT])
          .order('word_hu'),
      );
      expect(words, who).toEqual([
        { id: UNTRANSLATED, word_de: null, word_es: null },
        { id: WORD, word_de: 'hallo', word_es: 'hola' },
      ]);
      const pack = await ok(
        client.from('tourist_pack_words').select('word_de, word_es').eq('position', 901),
      );
      expect(pack, who).toEqual([{ word_de: 'hallo', word_es: 'hola' }]);
    }
  });

  it('returns no change when anonymous visitors or learners write translations', async () => {
    for (const [who, client] of readers()) {
      const line = await client
        .from('lesson_transcript')
        .update({ translation_de: 'Gehackt' })
        .eq('lesson_id', PUBLISHED)
        .select();
      expect(line.error, who).toBeNull();
      expect(line.data, who).toEqual([]);
      const word = await client
        .from('lesson_vocabulary')
        .update({ word_es: 'pirateado' })
        .eq('id', UNTRANSLATED)
        .select();
      expect(word.data, who).toEqual([]);
      const pack = await client
        .from('tourist_pack_words')
        .update({ word_de: 'gehackt' })
        .eq('position', 901)
        .select();
      expect(pack.data, who).toEqual([]);
      const insert = await client.from('lesson_vocabulary').insert({
        lesson_id: PUBLISHED,
        word_hu: 'kávé',
        word_en: 'coffee',
        word_de: 'Kaffee',
      });
      expect(insert.error?.code, who).toBe('42501');
    }
    const after = await row(
      service.from('lesson_vocabulary').select('word_es').eq('id', UNTRANSLATED),
    );
    expect(after.word_es).toBeNull();
    const line = await ok(
      service.from('lesson_transcript').select('translation_de').eq('lesson_id', PUBLISHED),
    );
    expect(line.map((l) => l.translation_de).sort()).toEqual(['Hallo, Bence!', null]);
    const pack = await row(
      service.from('tourist_pack_words').select('word_de').eq('position', 901),
    );
    expect(pack.word_de).toBe('hallo');
  });

  it('returns the admin write of a missing translation (the same columns are writable there)', async () => {
    const updated = await ok(
      learners.admin.client
        .from('lesson_transcript')
        .update({ translation_es: 'Nos vemos mañana.' })
        .eq('lesson_id', PUBLISHED)
        .eq('line_number', 2)
        .select('translation_es'),
    );
    expect(updated).toEqual([{ translation_es: 'Nos vemos mañana.' }]);
    const draft = await ok(
      learners.admin.client.from('lesson_vocabulary').select('word_de').eq('id', DRAFT_WORD),
    );
    expect(draft).toEqual([{ word_de: 'Morgen' }]);
  });

  it('returns a learner setting their own meaning language and nobody else’s', async () => {
    const own = await ok(
      learners.a.client
        .from('profiles')
        .update({ meaning_language: 'es' })
        .eq('user_id', learners.a.id)
        .select('meaning_language'),
    );
    expect(own).toEqual([{ meaning_language: 'es' }]);

    const other = await learners.a.client
      .from('profiles')
      .update({ meaning_language: 'de' })
      .eq('user_id', learners.b.id)
      .select();
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    const fromAnon = await anon
      .from('profiles')
      .update({ meaning_language: 'de' })
      .eq('user_id', learners.b.id)
      .select();
    expect(fromAnon.data).toEqual([]);
    const b = await row(
      service.from('profiles').select('meaning_language').eq('user_id', learners.b.id),
    );
    expect(b.meaning_language).toBeNull();

    const readOther = await ok(
      learners.a.client.from('profiles').select('meaning_language').eq('user_id', learners.b.id),
    );
    expect(readOther).toEqual([]);

    const invalid = await learners.a.client
      .from('profiles')
      // @ts-expect-error 'fr' is not a language_code: the enum refuses it (22P02), as the types do
      .update({ meaning_language: 'fr' })
      .eq('user_id', learners.a.id);
    expect(invalid.error?.code).toBe('22P02');
    const a = await row(
      service.from('profiles').select('meaning_language').eq('user_id', learners.a.id),
    );
    expect(a.meaning_language).toBe('es');
  });

  it('returns the due words with their three meanings to their learner only', async () => {
    const due = await ok(learners.a.client.rpc('get_due_words', { _limit: 20 }));
    expect(
      due
        .map((w) => [w.word_hu, w.word_en, w.word_de, w.word_es])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual([
      ['holnap', 'tomorrow', null, null],
      ['szia', 'hi', 'hallo', 'hola'],
    ]);
    expect(await ok(learners.b.client.rpc('get_due_words', { _limit: 20 }))).toEqual([]);
    const fromAnon = await anon.rpc('get_due_words', { _limit: 20 });
    expect(fromAnon.error?.code).toBe('42501');
  });

  it('returns the tourist pack list with meanings to its learner, and refuses everyone else', async () => {
    const own = await ok(
      learners.a.client.rpc('get_tourist_pack_words', { _user_id: learners.a.id }),
    );
    expect(own.filter((w) => (w.position ?? 0) >= 900)).toEqual([
      {
        position: 901,
        word_hu: 'Szia',
        word_en: 'hi',
        word_de: 'hallo',
        word_es: 'hola',
        reviewed: true,
      },
    ]);
    const bOwn = await ok(
      learners.b.client.rpc('get_tourist_pack_words', { _user_id: learners.b.id }),
    );
    expect(bOwn.find((w) => w.position === 901)?.reviewed).toBe(false);
    const other = await learners.b.client.rpc('get_tourist_pack_words', {
      _user_id: learners.a.id,
    });
    expect(other.error?.code).toBe('42501');
    expect(other.data).toBeNull();
    const fromAnon = await anon.rpc('get_tourist_pack_words', { _user_id: learners.a.id });
    expect(fromAnon.error?.code).toBe('42501');
    expect(fromAnon.data).toBeNull();
    const byAdmin = await ok(
      learners.admin.client.rpc('get_tourist_pack_words', { _user_id: learners.a.id }),
    );
    expect(byAdmin.find((w) => w.position === 901)?.reviewed).toBe(true);
  });
});
