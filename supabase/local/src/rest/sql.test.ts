import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseQuery, type ParsedQuery } from './parser.ts';
import type { Column, Schema, Table } from './schema.ts';
import { findRelationships } from './relationships.ts';
import { insertStatement, readStatement, rpcStatement } from './sql.ts';

function table(
  name: string,
  columns: string[],
  primaryKey = ['id'],
  uniques: string[][] = [primaryKey],
): Table {
  return {
    name,
    kind: 'table',
    columns: new Map<string, Column>(
      columns.map((c) => [
        c,
        {
          name: c,
          type: 'text',
          notNull: false,
          default: c === 'position' ? '7' : null,
          generated: false,
        },
      ]),
    ),
    primaryKey,
    uniques,
  };
}

const schema: Schema = {
  name: 'public',
  tables: new Map([
    ['authors', table('authors', ['id', 'name'])],
    ['lessons', table('lessons', ['id', 'title', 'author_id', 'reviewer_id', 'position'])],
    ['items', table('items', ['id', 'lesson_id', 'word'])],
  ]),
  foreignKeys: [
    {
      name: 'lessons_author_id_fkey',
      table: 'lessons',
      columns: ['author_id'],
      refTable: 'authors',
      refColumns: ['id'],
    },
    {
      name: 'lessons_reviewer_id_fkey',
      table: 'lessons',
      columns: ['reviewer_id'],
      refTable: 'authors',
      refColumns: ['id'],
    },
    {
      name: 'items_lesson_id_fkey',
      table: 'items',
      columns: ['lesson_id'],
      refTable: 'lessons',
      refColumns: ['id'],
    },
  ],
  functions: new Map(),
};

function q(params: [string, string][]): ParsedQuery {
  const r = parseQuery(params);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const lessons = schema.tables.get('lessons') as Table;

describe('SQL builder', () => {
  it('passes every value as a parameter and quotes identifiers', () => {
    const evil = "x'); drop table lessons; --";
    const s = readStatement(
      schema,
      q([
        ['select', 'id,title'],
        ['title', `eq.${evil}`],
      ]),
      lessons,
      {
        limit: 10,
        offset: 0,
        count: true,
      },
    );
    expect(s.sql).not.toContain('drop table');
    expect(s.params).toEqual([evil]);
    expect(s.sql).toContain('"lessons"."title" = $1');
    expect(s.sql).toContain('from "public"."lessons" as "lessons"');
    expect(s.sql).toContain('limit 10 offset 0');
    expect(s.sql).toContain('select count(*)::int from "public"."lessons"');
  });

  it('quotes hostile identifiers', () => {
    const s = readStatement(schema, q([['select', '"a\\"b"']]), lessons, {
      limit: 1,
      offset: 0,
      count: false,
    });
    expect(s.sql).toContain('"lessons"."a""b"');
  });

  it('finds to-one and to-many relationships and rejects ambiguous ones', () => {
    const items = findRelationships(schema, lessons, 'items', undefined);
    expect(items[0]?.cardinality).toBe('o2m');
    const author = findRelationships(schema, lessons, 'authors', 'author_id');
    expect(author[0]?.cardinality).toBe('m2o');
    expect(author[0]?.on).toEqual([['id', 'author_id']]);
    expect(() => findRelationships(schema, lessons, 'authors', undefined)).toThrow(ApiError);
    try {
      findRelationships(schema, lessons, 'authors', undefined);
    } catch (error) {
      expect((error as ApiError).status).toBe(300);
      expect((error as ApiError).body.code).toBe('PGRST201');
    }
    try {
      findRelationships(schema, lessons, 'nothing', undefined);
    } catch (error) {
      expect((error as ApiError).body.code).toBe('PGRST200');
    }
  });

  it('builds to-one objects, to-many arrays and counts in SQL', () => {
    const s = readStatement(
      schema,
      q([['select', 'id,authors!author_id(name),items(count)']]),
      lessons,
      { limit: 1000, offset: 0, count: false },
    );
    expect(s.sql).toContain('row_to_json(_e)');
    expect(s.sql).toContain("json_build_array(json_build_object('count', count(*)))");
  });

  it('inserts through json_populate_recordset and returns 1 unless asked for rows', () => {
    const minimal = insertStatement(schema, q([]), lessons, {
      body: '[{"title":"a"}]',
      columns: ['title'],
      missingDefault: false,
      returning: false,
      count: false,
    });
    expect(minimal.sql).toContain('json_populate_recordset(null::"public"."lessons", $1::json)');
    expect(minimal.sql).toContain('returning 1');
    const upsert = insertStatement(schema, q([['on_conflict', 'title']]), lessons, {
      body: '[{"title":"a","position":1}]',
      columns: ['title', 'position'],
      missingDefault: true,
      resolution: 'merge-duplicates',
      returning: true,
      count: false,
    });
    expect(upsert.sql).toContain('on conflict ("title") do update set "title" = excluded."title"');
    expect(upsert.sql).toContain('else 7 end');
    expect(upsert.sql).toContain('returning "public"."lessons".*');
  });

  it('rejects unknown columns with PGRST204', () => {
    expect(() =>
      insertStatement(schema, q([]), lessons, {
        body: '[]',
        columns: ['nope'],
        missingDefault: false,
        returning: false,
        count: false,
      }),
    ).toThrow(/Could not find the 'nope' column of 'lessons'/);
  });

  it('calls functions with named arguments from a JSON record', () => {
    const s = rpcStatement(
      schema,
      q([]),
      {
        name: 'add',
        args: [
          { name: 'a', type: 'integer', hasDefault: false },
          { name: 'b', type: 'integer', hasDefault: false },
        ],
        returnType: 'integer',
        returnTable: null,
        returnsSet: false,
        singleRow: true,
        returnKind: 'scalar',
        volatility: 'immutable',
      },
      {
        args: '',
        values: { a: 1, b: 2 },
        argNames: ['a', 'b'],
        wholeBody: false,
        page: { limit: 1000, offset: 0, count: false },
      },
    );
    expect(s.sql).toContain('"public"."add"("a" := _a."a0", "b" := _a."a1")');
    expect(s.sql).toContain('json_to_record($1::json) as _a("a0" integer, "a1" integer)');
    expect(s.params).toEqual(['{"a0":1,"a1":2}']);
  });
});
