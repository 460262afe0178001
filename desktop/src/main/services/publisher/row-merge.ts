import type {
  ChangedField,
  Choice,
  FieldValue,
  RowKind,
  ServerChange,
} from '../../../shared/model.ts';
import type { BaseRow, RowFields } from '../drafts/published-rows-repo.ts';

/** A row of the draft, in the server's form. */
export type MineRow = {
  readonly localId: number;
  readonly fields: RowFields;
  /** Pairs it with a server row when the studio has no record (line number, Hungarian word). */
  readonly hint: string;
  readonly label: string;
  /** The whole row in one line, shown when the other side has no such row. */
  readonly summary: string;
  /** Where it stands in its list, to show changes in that order. */
  readonly order: number;
};

/** A row as the server has it now. */
export type TheirRow = Omit<MineRow, 'localId'> & {
  readonly remoteId: string;
  readonly updatedAt: string;
};

/**
 * What the studio knows of the server's rows: 'tracked', its record of each row after its last
 * publish; 'adopt', no record, so the server's rows as they are now are the starting point (the
 * first publish, a lesson the author chose to update in place, or an old record the server still
 * matches); 'unknown', an old record the server no longer matches, so who changed what cannot be
 * told and every difference is the author's to choose.
 */
export type Mode = 'tracked' | 'adopt' | 'unknown';

export type RowSet = {
  readonly kind: RowKind;
  readonly mode: Mode;
  readonly columns: readonly string[];
  readonly mine: readonly MineRow[];
  readonly theirs: readonly TheirRow[];
  readonly bases: readonly BaseRow[];
  /** Server rows the author's choices just took into the draft: server id → draft id. */
  readonly taken?: ReadonlyMap<string, number>;
};

/** The author's choice for a changed column ('' for a whole row) of the row `key`, if any. */
export type ChoiceOf = (key: string, field: string, stamp: string) => Choice | null;

/** A server row the draft keeps, with the columns to send (the rest are left as they are). */
export type Pair = { readonly mine: MineRow; readonly theirs: TheirRow; readonly write: RowFields };

export type Merge = {
  readonly changes: ServerChange[];
  /** Changes without a choice: while there are any, nothing of the lesson is sent. */
  readonly unresolved: number;
  /** What taking the server's asks of the draft: columns, rows to add, rows to drop. */
  readonly takeFields: readonly { readonly localId: number; readonly set: RowFields }[];
  readonly takeRows: readonly TheirRow[];
  readonly dropRows: readonly number[];
  /** What to send: kept rows, rows new to the server, server rows to delete. */
  readonly pairs: readonly Pair[];
  readonly inserts: readonly MineRow[];
  readonly deletes: readonly TheirRow[];
};

const same = (a: FieldValue | undefined, b: FieldValue | undefined): boolean =>
  (a ?? null) === (b ?? null);

const sameRow = (a: RowFields, b: RowFields, columns: readonly string[]): boolean =>
  columns.every((column) => same(a[column], b[column]));

/** A record that agrees with the server row: nothing on its side counts as changed. */
const agreeing = (theirs: TheirRow, localId: number | null): BaseRow => ({
  remoteId: theirs.remoteId,
  localId,
  sent: theirs.fields,
  server: theirs.fields,
});

type Entry = {
  readonly mine: MineRow | null;
  readonly theirs: TheirRow | null;
  readonly base: BaseRow | 'unknown' | null;
  readonly remoteId: string;
};

/** Which draft row is which server row: by the record, by the author's choice, by content. */
function pairUp(set: RowSet): { entries: Entry[]; newRows: MineRow[] } {
  const mineById = new Map(set.mine.map((row) => [row.localId, row]));
  const theirsById = new Map(set.theirs.map((row) => [row.remoteId, row]));
  const usedMine = new Set<number>();
  const usedTheirs = new Set<string>();
  const entries: Entry[] = [];
  const add = (entry: Entry) => {
    if (entry.mine) usedMine.add(entry.mine.localId);
    usedTheirs.add(entry.remoteId);
    entries.push(entry);
  };
  for (const [remoteId, localId] of set.taken ?? []) {
    const mine = mineById.get(localId);
    const theirs = theirsById.get(remoteId);
    // The draft holds what it can of the server row (not a recording on the server): from here
    // neither side has changed it.
    if (mine && theirs) {
      add({
        mine,
        theirs,
        base: { remoteId, localId, sent: mine.fields, server: theirs.fields },
        remoteId,
      });
    }
  }
  if (set.mode === 'tracked') {
    for (const base of set.bases) {
      if (usedTheirs.has(base.remoteId)) continue;
      const local = base.localId === null ? undefined : mineById.get(base.localId);
      const mine = local && !usedMine.has(local.localId) ? local : null;
      const theirs = theirsById.get(base.remoteId) ?? null;
      if (mine || theirs) add({ mine, theirs, base, remoteId: base.remoteId });
    }
  }
  const freeMine = () => set.mine.filter((row) => !usedMine.has(row.localId));
  const freeTheirs = () => set.theirs.filter((row) => !usedTheirs.has(row.remoteId));
  // A row with the same content on both sides that no record links: one the studio sent in a
  // publish that stopped before it recorded it (or the same edit made on both sides).
  for (const theirs of freeTheirs()) {
    const mine = freeMine().find((row) => sameRow(row.fields, theirs.fields, set.columns));
    if (mine)
      add({ mine, theirs, base: agreeing(theirs, mine.localId), remoteId: theirs.remoteId });
  }
  if (set.mode !== 'tracked') {
    for (const theirs of freeTheirs()) {
      const mine = freeMine().find((row) => row.hint === theirs.hint);
      if (!mine) continue;
      const base = set.mode === 'adopt' ? agreeing(theirs, mine.localId) : 'unknown';
      add({ mine, theirs, base, remoteId: theirs.remoteId });
    }
  }
  for (const theirs of freeTheirs()) {
    const base = set.mode === 'adopt' ? agreeing(theirs, null) : null;
    add({ mine: null, theirs, base, remoteId: theirs.remoteId });
  }
  return { entries, newRows: freeMine() };
}

/**
 * Three-way comparison of one kind of row: the draft (mine), the server now (theirs) and the
 * record of the studio's last publish (base). A column only the studio changed is sent; one only
 * the server changed, or both, is a change for the author to choose (take the server's or keep
 * mine); a column nobody changed is never sent. Rows added or deleted on either side are
 * changes too, unless the record shows the other side never touched them.
 */
export function mergeRows(set: RowSet, choiceOf: ChoiceOf): Merge {
  const { entries, newRows } = pairUp(set);
  const changes: { change: ServerChange; order: number }[] = [];
  const takeFields: { localId: number; set: RowFields }[] = [];
  const takeRows: TheirRow[] = [];
  const dropRows: number[] = [];
  const pairs: Pair[] = [];
  const inserts: MineRow[] = [...newRows];
  const deletes: TheirRow[] = [];
  let unresolved = 0;

  const rowChange = (
    key: string,
    row: MineRow | TheirRow,
    change: ServerChange['change'],
    stamp: string,
    sides: { server: string | null; mine: string | null; mineChanged: boolean },
  ): Choice | null => {
    changes.push({
      change: { key, kind: set.kind, label: row.label, change, stamp, fields: [], ...sides },
      order: row.order,
    });
    const choice = choiceOf(key, '', stamp);
    if (choice === null) unresolved++;
    return choice;
  };

  for (const { mine, theirs, base, remoteId } of entries) {
    const key = `${set.kind}:${remoteId}`;
    if (mine && theirs) {
      const write: Record<string, FieldValue> = {};
      const take: Record<string, FieldValue> = {};
      const fields: ChangedField[] = [];
      for (const column of set.columns) {
        const ours = mine.fields[column] ?? null;
        const server = theirs.fields[column] ?? null;
        if (same(ours, server)) continue;
        const mineChanged = base === 'unknown' || base === null || !same(ours, base.sent[column]);
        const theirsChanged =
          base === 'unknown' || base === null || !same(server, base.server[column]);
        if (!theirsChanged) {
          if (mineChanged) write[column] = ours;
          continue;
        }
        fields.push({ field: column, server, mine: ours, mineChanged });
        const choice = choiceOf(key, column, theirs.updatedAt);
        if (choice === 'mine') write[column] = ours;
        else if (choice === 'server') take[column] = server;
        else unresolved++;
      }
      if (fields.length > 0) {
        changes.push({
          change: {
            key,
            kind: set.kind,
            label: theirs.label,
            change: 'changed',
            stamp: theirs.updatedAt,
            fields,
            server: null,
            mine: null,
            mineChanged: fields.some((field) => field.mineChanged),
          },
          order: theirs.order,
        });
      }
      if (Object.keys(take).length > 0) takeFields.push({ localId: mine.localId, set: take });
      pairs.push({ mine, theirs, write });
    } else if (theirs) {
      const known = base !== null && base !== 'unknown';
      // Deleted in the studio and untouched on the server since: delete it there too.
      if (known && sameRow(theirs.fields, base.server, set.columns)) {
        deletes.push(theirs);
        continue;
      }
      const choice = rowChange(key, theirs, known ? 'deleted-here' : 'added', theirs.updatedAt, {
        server: theirs.summary,
        mine: null,
        mineChanged: known,
      });
      if (choice === 'mine') deletes.push(theirs);
      else if (choice === 'server') takeRows.push(theirs);
    } else if (mine && base !== null && base !== 'unknown') {
      const choice = rowChange(key, mine, 'deleted', 'deleted', {
        server: null,
        mine: mine.summary,
        mineChanged: !sameRow(mine.fields, base.sent, set.columns),
      });
      if (choice === 'mine') inserts.push(mine);
      else if (choice === 'server') dropRows.push(mine.localId);
    }
  }
  changes.sort((a, b) => a.order - b.order);
  return {
    changes: changes.map((entry) => entry.change),
    unresolved,
    takeFields,
    takeRows,
    dropRows,
    pairs,
    inserts,
    deletes,
  };
}

/** The record of this kind after a publish: each kept or new row as sent and as now stored. */
export function recordOf(merge: Merge, insertedIds: ReadonlyMap<number, string>): BaseRow[] {
  return [
    ...merge.pairs.map((pair) => ({
      remoteId: pair.theirs.remoteId,
      localId: pair.mine.localId,
      sent: pair.mine.fields,
      server: { ...pair.theirs.fields, ...pair.write },
    })),
    ...merge.inserts.flatMap((row) => {
      const remoteId = insertedIds.get(row.localId);
      return remoteId === undefined
        ? []
        : [{ remoteId, localId: row.localId, sent: row.fields, server: row.fields }];
    }),
  ];
}
