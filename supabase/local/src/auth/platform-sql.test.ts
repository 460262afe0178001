import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from './test-context.ts';

// The platform SQL (sql/platform/*.sql): the Supabase objects our migrations and RLS rely on.

const DIR = fileURLToPath(new URL('../../sql/platform/', import.meta.url));

describe('platform SQL', () => {
  let db: Awaited<ReturnType<typeof openTestDb>>;

  beforeAll(async () => {
    db = await openTestDb();
  });

  afterAll(async () => {
    await db.close();
  });

  it('applies a second time without errors (idempotent)', async () => {
    for (const file of readdirSync(DIR).sort()) {
      await db.pg.exec(readFileSync(join(DIR, file), 'utf8'));
    }
    const roles = await db.query<{
      rolname: string;
      rolbypassrls: boolean;
      rolcanlogin: boolean;
      rolinherit: boolean;
    }>(
      `select rolname, rolbypassrls, rolcanlogin, rolinherit from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    );
    // INHERIT, as hosted altered them (supabase/postgres 20230529180330).
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false, rolinherit: true },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false, rolinherit: true },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false, rolinherit: true },
    ]);
  });

  it('keeps auth tables away from the API roles and makes new public tables reachable', async () => {
    const privileges = await db.query<{ t: string; anon: boolean; authed: boolean; rls: boolean }>(
      `select c.oid::regclass::text as t, has_table_privilege('anon', c.oid, 'select') as anon,
              has_table_privilege('authenticated', c.oid, 'select') as authed, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'auth' and c.relkind = 'r' order by 1`,
    );
    expect(privileges.rows.length).toBeGreaterThanOrEqual(5);
    for (const row of privileges.rows)
      expect(row).toMatchObject({ anon: false, authed: false, rls: true });
    await db.query(`create table public.words (id serial primary key, word text)`);
    const reach = await db.query<{ t: boolean; s: boolean }>(
      `select has_table_privilege('authenticated', 'public.words', 'insert') as t,
              has_sequence_privilege('anon', 'public.words_id_seq', 'usage') as s`,
    );
    expect(reach.rows[0]).toEqual({ t: true, s: true });
  });

  it('reads auth.uid(), role(), email() and jwt() from request.jwt.claims', async () => {
    const claims = {
      sub: '5f0c3c52-4b7c-4c3e-9d0b-2f8e0b8f1a11',
      role: 'authenticated',
      email: 'a@b.co',
      app_metadata: { role: 'admin' },
    };
    const res = await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify(claims)],
      );
      return tx.query<{ uid: string; role: string; email: string; admin: string }>(
        `select auth.uid()::text as uid, auth.role() as role, auth.email() as email,
                auth.jwt() -> 'app_metadata' ->> 'role' as admin`,
      );
    });
    expect(res.rows[0]).toEqual({
      uid: claims.sub,
      role: 'authenticated',
      email: 'a@b.co',
      admin: 'admin',
    });
    const none = await db.query<{ uid: string | null }>(`select auth.uid() as uid`);
    expect(none.rows[0]?.uid).toBeNull();
  });

  it('generates confirmed_at, identity email and path_tokens, and splits storage names', async () => {
    await db.query(
      `insert into auth.users (id, email, email_confirmed_at) values ('5f0c3c52-4b7c-4c3e-9d0b-2f8e0b8f1a11', 'a@b.co', now());
       `,
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ('x', '5f0c3c52-4b7c-4c3e-9d0b-2f8e0b8f1a11', '{"email":"A@B.co"}', 'email')`,
    );
    const user = await db.query<{ confirmed: boolean; email: string }>(
      `select u.confirmed_at = u.email_confirmed_at as confirmed, i.email from auth.users u join auth.identities i on i.user_id = u.id`,
    );
    expect(user.rows[0]).toEqual({ confirmed: true, email: 'a@b.co' });
    await db.query(`insert into storage.buckets (id, name) values ('b', 'b')`);
    await db.query(
      `insert into storage.objects (bucket_id, name) values ('b', 'u1/lesson/line.mp3')`,
    );
    const obj = await db.query<{ tokens: string[]; folders: string[]; file: string; ext: string }>(
      `select path_tokens as tokens, storage.foldername(name) as folders, storage.filename(name) as file,
              storage.extension(name) as ext from storage.objects`,
    );
    expect(obj.rows[0]).toEqual({
      tokens: ['u1', 'lesson', 'line.mp3'],
      folders: ['u1', 'lesson'],
      file: 'line.mp3',
      ext: 'mp3',
    });
  });

  it('has pgcrypto in the extensions schema for seed files (crypt, gen_salt)', async () => {
    const res = await db.query<{ ok: boolean }>(
      `select extensions.crypt('pw', extensions.gen_salt('bf')) like '$2a$%' as ok`,
    );
    expect(res.rows[0]?.ok).toBe(true);
  });

  it('refuses a direct DELETE on storage tables unless storage.allow_delete_query is set, as hosted', async () => {
    await db.query(`insert into storage.buckets (id, name) values ('guarded', 'guarded')`);
    await db.query(`insert into storage.objects (bucket_id, name) values ('guarded', 'a.mp3')`);
    await expect(
      db.query(`delete from storage.objects where bucket_id = 'guarded'`),
    ).rejects.toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    });
    await expect(
      db.query(`delete from storage.buckets where id = 'guarded'`),
    ).rejects.toMatchObject({ code: '42501' });
    const deleted = await db.transaction(async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const objects = await tx.query(`delete from storage.objects where bucket_id = 'guarded'`);
      const buckets = await tx.query(`delete from storage.buckets where id = 'guarded'`);
      return [objects.affectedRows, buckets.affectedRows];
    });
    expect(deleted).toEqual([1, 1]);
  });

  it('sets objects.updated_at on every update, as hosted', async () => {
    await db.query(`insert into storage.buckets (id, name) values ('stamped', 'stamped')`);
    await db.query(
      `insert into storage.objects (bucket_id, name, updated_at) values ('stamped', 'a.png', '2000-01-01Z')`,
    );
    await db.query(
      `update storage.objects set metadata = '{"size": 1}' where bucket_id = 'stamped'`,
    );
    const row = await db.query<{ recent: boolean }>(
      `select updated_at > now() - interval '1 hour' as recent from storage.objects where bucket_id = 'stamped'`,
    );
    expect(row.rows[0]?.recent).toBe(true);
  });
});
