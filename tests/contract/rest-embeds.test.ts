import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Issue 17, point 3: the embeds PostgREST resolves beyond plain foreign keys — self-references,
// foreign keys named by constraint, relationships through views, computed relationships
// (functions of a row) and embeds on RPC results. Unmodified supabase-js on both backends.

const FIXTURES = fileURLToPath(new URL('./fixtures/rest-fidelity', import.meta.url));

describe.each(BACKENDS)('PostgREST embeds on %s', (backend) => {
  let server: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(backend, FIXTURES);
    db = createClient(server.url, server.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const seed = [
      await db.from('collections').insert([
        { id: 1, name: 'root', parent_id: null },
        { id: 2, name: 'verbs', parent_id: 1 },
        { id: 3, name: 'nouns', parent_id: 1 },
        { id: 4, name: 'irregular', parent_id: 2 },
      ]),
      await db.from('shelves').insert([
        { id: 1, title: 'A' },
        { id: 2, title: 'B' },
        { id: 3, title: 'C' },
      ]),
      await db.from('books').insert([
        { id: 1, title: 'Egri csillagok', pages: 50, shelf_id: 1, collection_id: 2 },
        { id: 2, title: 'A Pál utcai fiúk', pages: 300, shelf_id: 1, collection_id: 3 },
        { id: 3, title: 'Légy jó mindhalálig', pages: 150, shelf_id: 2, collection_id: null },
      ]),
    ];
    for (const r of seed) expect(r.error).toBeNull();
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('self-referencing tables', () => {
    // compat: rest.embeds-more
    it('embeds the children under the table name, also with the !parent_id hint', async () => {
      const plain = await db
        .from('collections')
        .select('id, collections(id, name)')
        .eq('id', 1)
        .order('id', { referencedTable: 'collections' });
      expect(plain.error).toBeNull();
      expect(plain.data).toEqual([
        {
          id: 1,
          collections: [
            { id: 2, name: 'verbs' },
            { id: 3, name: 'nouns' },
          ],
        },
      ]);
      const hinted = await db
        .from('collections')
        .select('id, children:collections!parent_id(id, children:collections!parent_id(id))')
        .eq('id', 1)
        .order('id', { referencedTable: 'children' });
      expect(hinted.error).toBeNull();
      expect(hinted.data).toEqual([
        {
          id: 1,
          children: [
            { id: 2, children: [{ id: 4 }] },
            { id: 3, children: [] },
          ],
        },
      ]);
    });

    it('embeds the parent under the foreign key column', async () => {
      const { data, error } = await db
        .from('collections')
        .select('id, parent:parent_id(name, parent_id(name))')
        .in('id', [1, 4])
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, parent: null },
        { id: 4, parent: { name: 'verbs', parent_id: { name: 'root' } } },
      ]);
    });
  });

  describe('foreign keys named by constraint', () => {
    // compat: rest.embeds-more
    it('embeds by the constraint name, as target or as hint', async () => {
      const byName = await db.from('books').select('id, books_on_shelf(title)').eq('id', 3);
      expect(byName.error).toBeNull();
      expect(byName.data).toEqual([{ id: 3, books_on_shelf: { title: 'B' } }]);
      const hint = await db
        .from('shelves')
        .select('id, books!books_on_shelf(id)')
        .eq('id', 1)
        .order('id', { referencedTable: 'books' });
      expect(hint.error).toBeNull();
      expect(hint.data).toEqual([{ id: 1, books: [{ id: 1 }, { id: 2 }] }]);
      const wrong = await db.from('shelves').select('id, books!no_such_fkey(id)');
      expect(wrong.status).toBe(400);
      expect(wrong.error?.code).toBe('PGRST200');
    });
  });

  describe('relationships through views', () => {
    // compat: rest.embeds-more
    it('embeds a table from a view, a view from a table, and a view from a view', async () => {
      const viewToTable = await db.from('book_titles').select('id, shelves(title)').eq('id', 1);
      expect(viewToTable.error).toBeNull();
      expect(viewToTable.data).toEqual([{ id: 1, shelves: { title: 'A' } }]);
      const tableToView = await db.from('shelves').select('title, book_titles(title)').eq('id', 2);
      expect(tableToView.error).toBeNull();
      expect(tableToView.data).toEqual([
        { title: 'B', book_titles: [{ title: 'Légy jó mindhalálig' }] },
      ]);
      const viewToView = await db.from('book_titles').select('id, shelf_names(title)').eq('id', 2);
      expect(viewToView.error).toBeNull();
      expect(viewToView.data).toEqual([{ id: 2, shelf_names: { title: 'A' } }]);
    });
  });

  describe('computed relationships', () => {
    it('embeds a set-returning function of the row (to-many) and a one-row function (to-one)', async () => {
      const { data, error } = await db
        .from('shelves')
        .select('id, thick_books(title), first_book(id)')
        .lt('id', 3)
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, thick_books: [{ title: 'A Pál utcai fiúk' }], first_book: { id: 1 } },
        { id: 2, thick_books: [{ title: 'Légy jó mindhalálig' }], first_book: { id: 3 } },
      ]);
      const none = await db.from('shelves').select('id, thick_books(title)').eq('id', 3);
      expect(none.data).toEqual([{ id: 3, thick_books: [] }]);
    });

    // compat: rest.embeds-more, rest.computed-to-one
    it('embeds a set-returning function declared ROWS 1 as one object, or null', async () => {
      const { data, error } = await db
        .from('shelves')
        .select('id, thinnest_book(title, pages)')
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, thinnest_book: { title: 'Egri csillagok', pages: 50 } },
        { id: 2, thinnest_book: { title: 'Légy jó mindhalálig', pages: 150 } },
        { id: 3, thinnest_book: null },
      ]);
    });

    it('filters parents by a computed relationship with !inner', async () => {
      const { data, error } = await db
        .from('shelves')
        .select('id, thick_books!inner(id)')
        .gt('thick_books.pages', 200);
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1, thick_books: [{ id: 2 }] }]);
    });
  });

  describe('error texts', () => {
    // compat: rest.error-texts
    it("names the table, as PostgREST does, and an embed by PostgREST's <table>_<depth>", async () => {
      const top = await db.from('books').select('id, missing_column');
      expect(top.status).toBe(400);
      expect(top.error).toMatchObject({
        code: '42703',
        message: 'column books.missing_column does not exist',
      });
      const embedded = await db.from('books').select('id, shelves(missing_column)');
      expect(embedded.error).toMatchObject({
        code: '42703',
        message: 'column shelves_1.missing_column does not exist',
      });
      const filtered = await db.from('shelves').select('id').eq('missing_column', 1);
      expect(filtered.error?.message).toBe('column shelves.missing_column does not exist');
    });
  });

  describe('embeds on RPC results', () => {
    // compat: rest.embeds-more
    it('embeds the relationships of the table a function returns', async () => {
      const { data, error } = await db
        .rpc('shelves_from', { min_id: 2 })
        .select('id, books(title), thick_books(id)');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 2, books: [{ title: 'Légy jó mindhalálig' }], thick_books: [{ id: 3 }] },
        { id: 3, books: [], thick_books: [] },
      ]);
      const inner = await db.rpc('shelves_from', { min_id: 1 }).select('id, books!inner(id)');
      expect(inner.error).toBeNull();
      expect((inner.data as { id: number }[] | null)?.map((s) => s.id)).toEqual([1, 2]);
    });
  });
});
