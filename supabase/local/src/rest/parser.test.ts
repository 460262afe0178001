import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilter } from './parse-filter.ts';
import { parseOrder } from './parse-order.ts';
import { parseSelect } from './parse-select.ts';
import { parseQuery, type Result } from './parser.ts';

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`parse failed: ${r.error.message} ${r.error.details}`);
  return r.value;
}

describe('PostgREST query grammar', () => {
  it('parses columns, aliases, casts and json paths', () => {
    expect(ok(parseSelect('id,name:title,level::text,file:meta->audio->>file,meta->0'))).toEqual([
      { type: 'column', field: { name: 'id', json: [] } },
      { type: 'column', field: { name: 'title', json: [] }, alias: 'name' },
      { type: 'column', field: { name: 'level', json: [] }, cast: 'text' },
      {
        type: 'column',
        field: {
          name: 'meta',
          json: [
            { arrow: '->', key: 'audio' },
            { arrow: '->>', key: 'file' },
          ],
        },
        alias: 'file',
      },
      { type: 'column', field: { name: 'meta', json: [{ arrow: '->', key: '0' }] } },
    ]);
  });

  it('parses embeds with aliases, hints, inner joins, counts and spreads', () => {
    expect(
      ok(
        parseSelect(
          '*, author:authors!author_id(name), items:lesson_items!inner(count), ...details(summary)',
        ),
      ),
    ).toEqual([
      { type: 'star' },
      {
        type: 'embed',
        name: 'authors',
        alias: 'author',
        hint: 'author_id',
        join: 'left',
        spread: false,
        select: [{ type: 'column', field: { name: 'name', json: [] } }],
      },
      {
        type: 'embed',
        name: 'lesson_items',
        alias: 'items',
        join: 'inner',
        spread: false,
        select: [{ type: 'count' }],
      },
      {
        type: 'embed',
        name: 'details',
        join: 'left',
        spread: true,
        select: [{ type: 'column', field: { name: 'summary', json: [] } }],
      },
    ]);
  });

  it('strips whitespace outside quotes and keeps quoted names', () => {
    expect(ok(parseSelect(' "first name" , id '))).toEqual([
      { type: 'column', field: { name: 'first name', json: [] } },
      { type: 'column', field: { name: 'id', json: [] } },
    ]);
  });

  it('keeps top-level filter values verbatim after the operator', () => {
    expect(ok(parseFilter('title', 'eq.a.b,c'))).toMatchObject({ op: 'eq', value: 'a.b,c' });
    expect(ok(parseFilter('title', 'not.ilike.*ab*'))).toMatchObject({
      op: 'ilike',
      negate: true,
      value: '%ab%',
    });
    expect(ok(parseFilter('level', 'is.null'))).toMatchObject({ op: 'is', value: 'null' });
    expect(ok(parseFilter('title', 'in.("a,b",c,"d\\"e")'))).toMatchObject({
      op: 'in',
      value: ['a,b', 'c', 'd"e'],
    });
    expect(ok(parseFilter('title', 'like(any).{a*,b*}'))).toMatchObject({
      quantifier: 'any',
      value: ['a%', 'b%'],
    });
    expect(ok(parseFilter('body', 'fts(hungarian).alma'))).toMatchObject({
      op: 'fts',
      config: 'hungarian',
      value: 'alma',
    });
  });

  it('parses nested logic trees and embedded modifiers', () => {
    const q = ok(
      parseQuery([
        ['or', '(title.eq.Food,and(level.eq.1,position.gt.1),tags.cs.{a,b})'],
        ['items.order', 'pos.desc.nullslast'],
        ['items.limit', '2'],
        ['items.word', 'eq.egy'],
        ['not.and', '(a.eq.1,b.eq."x,y")'],
        ['order', 'level.asc.nullsfirst,author(name).desc'],
        ['columns', '"a","b"'],
      ]),
    );
    expect(q.conditions.get('')).toEqual([
      {
        type: 'logic',
        op: 'or',
        negate: false,
        conditions: [
          {
            type: 'filter',
            filter: { field: { name: 'title', json: [] }, negate: false, op: 'eq', value: 'Food' },
          },
          {
            type: 'logic',
            op: 'and',
            negate: false,
            conditions: [
              {
                type: 'filter',
                filter: { field: { name: 'level', json: [] }, negate: false, op: 'eq', value: '1' },
              },
              {
                type: 'filter',
                filter: {
                  field: { name: 'position', json: [] },
                  negate: false,
                  op: 'gt',
                  value: '1',
                },
              },
            ],
          },
          {
            type: 'filter',
            filter: { field: { name: 'tags', json: [] }, negate: false, op: 'cs', value: '{a,b}' },
          },
        ],
      },
      {
        type: 'logic',
        op: 'and',
        negate: true,
        conditions: [
          {
            type: 'filter',
            filter: { field: { name: 'a', json: [] }, negate: false, op: 'eq', value: '1' },
          },
          {
            type: 'filter',
            filter: { field: { name: 'b', json: [] }, negate: false, op: 'eq', value: 'x,y' },
          },
        ],
      },
    ]);
    expect(q.conditions.get('items')).toHaveLength(1);
    expect(q.order.get('items')).toEqual([
      { field: { name: 'pos', json: [] }, direction: 'desc', nulls: 'last' },
    ]);
    expect(q.limit.get('items')).toBe(2);
    expect(q.order.get('')).toEqual([
      { field: { name: 'level', json: [] }, direction: 'asc', nulls: 'first' },
      { field: { name: 'name', json: [] }, relation: 'author', direction: 'desc' },
    ]);
    expect(q.columns).toEqual(['a', 'b']);
  });

  it('returns PGRST100 errors for malformed input', () => {
    for (const [key, value] of [
      ['select', 'id,(('],
      ['select', 'a::text;drop'],
      ['id', 'zz.1'],
      ['id', 'is.maybe'],
      ['or', '(a.eq.1'],
      ['order', 'id.sideways'],
      ['limit', '-1'],
    ] as const) {
      const r = parseQuery([[key, value]]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('PGRST100');
    }
    expect(parseOrder('').ok).toBe(false);
  });

  it('never throws on arbitrary input (fuzz)', () => {
    const chars = fc.constantFrom(...'abc.,:()!"\\*->{}[] ;=\'%&0123_'.split(''));
    const text = fc.array(chars, { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(
              text,
              fc.constantFrom('select', 'order', 'or', 'a.limit', 'not.and', 'columns'),
            ),
            fc.oneof(text, fc.string()),
          ),
          { maxLength: 6 },
        ),
        (params) => {
          const r = parseQuery(params);
          if (!r.ok) {
            expect(r.error.code).toBe('PGRST100');
            expect(typeof r.error.message).toBe('string');
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
