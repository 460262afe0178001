import { describe, expect, it } from 'vitest';
import type { Choice } from '../../../shared/model.ts';
import type { BaseRow, RowFields } from '../drafts/published-rows-repo.ts';
import type { ChoiceOf, MineRow, Mode, TheirRow } from './row-merge.ts';
import { mergeRows, recordOf } from './row-merge.ts';

const COLUMNS = ['text', 'end'];
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const mine = (localId: number, fields: RowFields, hint = String(localId)): MineRow => ({
  localId,
  fields,
  hint,
  label: `Line ${localId}`,
  summary: String(fields.text),
  order: localId,
});
const theirs = (n: number, fields: RowFields, hint = String(n)): TheirRow => ({
  remoteId: ID(n),
  fields,
  updatedAt: `stamp-${n}`,
  hint,
  label: `Line ${n}`,
  summary: String(fields.text),
  order: n,
});
const base = (n: number, localId: number | null, sent: RowFields, server = sent): BaseRow => ({
  remoteId: ID(n),
  localId,
  sent,
  server,
});
const none: ChoiceOf = () => null;
const all =
  (choice: Choice): ChoiceOf =>
  () =>
    choice;

const merge = (
  rows: { mine: MineRow[]; theirs: TheirRow[]; bases?: BaseRow[]; mode?: Mode },
  choiceOf: ChoiceOf = none,
  taken?: ReadonlyMap<string, number>,
) =>
  mergeRows(
    {
      kind: 'line',
      mode: rows.mode ?? 'tracked',
      columns: COLUMNS,
      mine: rows.mine,
      theirs: rows.theirs,
      bases: rows.bases ?? [],
      taken,
    },
    choiceOf,
  );

describe('mergeRows', () => {
  const sent = { text: 'Szia!', end: 11.44 };

  it('returns a column only the studio changed as written, with no change to choose', () => {
    const result = merge({
      mine: [mine(1, { text: 'Szia, Anna!', end: 11.44 })],
      theirs: [theirs(1, sent)],
      bases: [base(1, 1, sent)],
    });
    expect(result.changes).toEqual([]);
    expect(result.pairs.map((pair) => pair.write)).toEqual([{ text: 'Szia, Anna!' }]);
  });

  it('returns a column only the server changed as a change to choose, never written unchosen', () => {
    const result = merge({
      mine: [mine(1, { text: 'Szia!', end: 11.44 })],
      theirs: [theirs(1, { text: 'Szia!', end: 11.55 })],
      bases: [base(1, 1, sent)],
    });
    expect(result.changes).toEqual([
      {
        key: `line:${ID(1)}`,
        kind: 'line',
        label: 'Line 1',
        change: 'changed',
        stamp: 'stamp-1',
        fields: [{ field: 'end', server: 11.55, mine: 11.44, mineChanged: false }],
        server: null,
        mine: null,
        mineChanged: false,
      },
    ]);
    expect(result.unresolved).toBe(1);
    expect(result.pairs[0]?.write).toEqual({});
  });

  it('returns the server’s value taken into the draft, or mine written, as chosen', () => {
    const rows = {
      mine: [mine(1, { text: 'Szia!', end: 11.44 })],
      theirs: [theirs(1, { text: 'Szia!', end: 11.55 })],
      bases: [base(1, 1, sent)],
    };
    const server = merge(rows, all('server'));
    expect(server.unresolved).toBe(0);
    expect(server.takeFields).toEqual([{ localId: 1, set: { end: 11.55 } }]);
    expect(server.pairs[0]?.write).toEqual({});
    const kept = merge(rows, all('mine'));
    expect(kept.takeFields).toEqual([]);
    expect(kept.pairs[0]?.write).toEqual({ end: 11.44 });
  });

  it('returns a choice made for an older server row as void', () => {
    const result = merge(
      {
        mine: [mine(1, sent)],
        theirs: [theirs(1, { text: 'Szia!', end: 11.55 })],
        bases: [base(1, 1, sent)],
      },
      (_key, _field, stamp) => (stamp === 'stamp-0' ? 'mine' : null),
    );
    expect(result.unresolved).toBe(1);
  });

  it('returns both sides’ different edits of one column as a change marked changed on both sides, and the same edit as none', () => {
    const result = merge({
      mine: [mine(1, { text: 'Szia, Bence!', end: 11.5 })],
      theirs: [theirs(1, { text: 'Szia, Anna!', end: 11.5 })],
      bases: [base(1, 1, sent)],
    });
    expect(result.changes[0]?.fields).toEqual([
      { field: 'text', server: 'Szia, Anna!', mine: 'Szia, Bence!', mineChanged: true },
    ]);
    expect(result.unresolved).toBe(1);
  });

  it('returns a row deleted in the studio deleted on the server only when the server left it as it was', () => {
    const untouched = merge({ mine: [], theirs: [theirs(1, sent)], bases: [base(1, 1, sent)] });
    expect(untouched.deletes.map((row) => row.remoteId)).toEqual([ID(1)]);
    expect(untouched.changes).toEqual([]);
    const edited = { text: 'Szia!', end: 12 };
    const changed = merge({ mine: [], theirs: [theirs(1, edited)], bases: [base(1, 1, sent)] });
    expect(changed.deletes).toEqual([]);
    expect(changed.changes.map((c) => [c.change, c.server, c.mine])).toEqual([
      ['deleted-here', 'Szia!', null],
    ]);
    const restored = merge(
      { mine: [], theirs: [theirs(1, edited)], bases: [base(1, 1, sent)] },
      all('server'),
    );
    expect(restored.takeRows.map((row) => row.remoteId)).toEqual([ID(1)]);
  });

  it('returns a row added on the server and one it deleted as changes, taken or overruled as chosen', () => {
    const rows = {
      mine: [mine(1, sent)],
      theirs: [theirs(2, { text: 'Új sor.', end: 14 })],
      bases: [base(1, 1, sent)],
    };
    const asked = merge(rows);
    expect(asked.changes.map((c) => [c.label, c.change, c.stamp, c.mineChanged])).toEqual([
      ['Line 1', 'deleted', 'deleted', false],
      ['Line 2', 'added', 'stamp-2', false],
    ]);
    expect(asked.unresolved).toBe(2);
    const server = merge(rows, all('server'));
    expect(server.dropRows).toEqual([1]);
    expect(server.takeRows.map((row) => row.remoteId)).toEqual([ID(2)]);
    expect(server.deletes).toEqual([]);
    const kept = merge(rows, all('mine'));
    expect(kept.inserts.map((row) => row.localId)).toEqual([1]);
    expect(kept.deletes.map((row) => row.remoteId)).toEqual([ID(2)]);
  });

  it('returns a server row taken into the draft paired with it and nothing to send', () => {
    const result = merge(
      {
        mine: [mine(7, { text: 'Új sor.', end: 14 })],
        theirs: [theirs(2, { text: 'Új sor.', end: 14 })],
      },
      none,
      new Map([[ID(2), 7]]),
    );
    expect(result.changes).toEqual([]);
    expect(result.inserts).toEqual([]);
    expect(
      result.pairs.map((pair) => [pair.mine.localId, pair.theirs.remoteId, pair.write]),
    ).toEqual([[7, ID(2), {}]]);
  });

  it('returns rows no record links paired by equal content: a publish that stopped before it was recorded', () => {
    const result = merge({
      mine: [mine(1, sent), mine(2, { text: 'Új.', end: 13 })],
      theirs: [theirs(1, sent), theirs(5, { text: 'Új.', end: 13 })],
      bases: [base(1, 1, sent)],
    });
    expect(result.changes).toEqual([]);
    expect(result.inserts).toEqual([]);
    expect(result.pairs.map((pair) => pair.theirs.remoteId)).toEqual([ID(1), ID(5)]);
  });

  it('returns, without a record, the server as the starting point (adopt) or every difference to choose (unknown)', () => {
    const rows = {
      mine: [mine(1, { text: 'Szia!', end: 11.44 }, '1')],
      theirs: [
        theirs(9, { text: 'Szia!', end: 11.55 }, '1'),
        theirs(8, { text: 'Másik.', end: 3 }, '2'),
      ],
    };
    const adopt = merge({ ...rows, mode: 'adopt' });
    expect(adopt.changes).toEqual([]);
    expect(adopt.pairs[0]?.write).toEqual({ end: 11.44 });
    expect(adopt.deletes.map((row) => row.remoteId)).toEqual([ID(8)]);
    const unknown = merge({ ...rows, mode: 'unknown' });
    expect(unknown.changes.map((c) => [c.change, c.fields.map((f) => f.mineChanged)])).toEqual([
      ['added', []],
      ['changed', [true]],
    ]);
  });

  it('returns the record of a publish: each row as sent and as the server now has it', () => {
    const result = merge(
      {
        mine: [mine(1, { text: 'Szia!', end: 11.44 }), mine(2, { text: 'Új.', end: 13 })],
        theirs: [theirs(1, { text: 'Szia!', end: 11.55 })],
        bases: [base(1, 1, sent)],
      },
      all('mine'),
    );
    expect(recordOf(result, new Map([[2, ID(6)]]))).toEqual([
      base(1, 1, { text: 'Szia!', end: 11.44 }),
      base(6, 2, { text: 'Új.', end: 13 }),
    ]);
  });
});
