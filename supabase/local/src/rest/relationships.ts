import { apiError } from './errors.ts';
import type { SelectItem } from './parser.ts';
import type { ForeignKey, Fn, Schema, Table } from './schema.ts';

// Embedded resources: every relationship of a table (foreign keys, junctions, computed
// relationships) and PostgREST's choice among them (hints, PGRST200/PGRST201).

export type EmbedItem = Extract<SelectItem, { type: 'embed' }>;

export type Relationship = {
  cardinality: 'm2o' | 'o2m' | 'o2o' | 'm2m';
  target: Table;
  constraint: string;
  /** Pairs [target column, parent column] (for m2m: [junction column, parent column]). */
  on: [string, string][];
  junction?: { table: Table; toTarget: [string, string][] };
  /** A computed relationship: a function taking the parent's row (from = fn(parent)). */
  computed?: Fn;
};

type Candidate = Relationship & {
  fks: ForeignKey[];
  self: boolean;
  targetIsView: boolean;
  /** Single-column key: [the column on the parent's side, the column on the target's side]. */
  single?: [string, string];
};

function zip(a: string[], b: string[]): [string, string][] {
  return a.map((x, i) => [x, b[i] ?? '']);
}

function isUnique(table: Table, columns: string[]): boolean {
  return table.uniques.some(
    (u) => u.length === columns.length && u.every((c) => columns.includes(c)),
  );
}

function describe(fk: ForeignKey): string {
  return `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`;
}

/** A function `fn(parent_row)` returning rows of a table or view: a computed relationship. */
function takesRowOf(fn: Fn, schema: Schema, parent: Table): boolean {
  const arg = fn.args[0];
  if (fn.args.length !== 1 || !arg || !fn.returnTable) return false;
  const type = arg.type.replace(/^"|"$/g, '');
  return type === parent.name || type === `${schema.name}.${parent.name}`;
}

/**
 * The relationship along one foreign key, seen from the parent: `own` are the key's columns on
 * the parent's side, `theirs` the matching columns of the target.
 */
function alongKey(
  fk: ForeignKey,
  target: Table,
  cardinality: 'm2o' | 'o2m' | 'o2o',
  own: string[],
  theirs: string[],
): Candidate {
  return {
    cardinality,
    target,
    constraint: fk.name,
    on: zip(theirs, own),
    fks: [fk],
    self: fk.table === fk.refTable,
    targetIsView: target.kind === 'view',
    ...(fk.columns.length === 1
      ? { single: [own[0] ?? '', theirs[0] ?? ''] as [string, string] }
      : {}),
  };
}

/** Every relationship of `parent` (PostgREST's schema cache, for one origin). */
function relationshipsOf(schema: Schema, parent: Table): Candidate[] {
  const found: Candidate[] = [];
  for (const fk of schema.foreignKeys) {
    const self = fk.table === fk.refTable;
    if (fk.table === parent.name) {
      const target = schema.tables.get(fk.refTable);
      if (target) found.push(alongKey(fk, target, 'm2o', fk.columns, fk.refColumns));
    }
    if (fk.refTable === parent.name) {
      const target = schema.tables.get(fk.table);
      if (target) {
        const cardinality = !self && isUnique(target, fk.columns) ? 'o2o' : 'o2m';
        found.push(alongKey(fk, target, cardinality, fk.refColumns, fk.columns));
      }
    }
  }
  // many-to-many through a junction table whose keys to both sides are covered by a unique key
  for (const toParent of schema.foreignKeys) {
    if (toParent.refTable !== parent.name) continue;
    const junction = schema.tables.get(toParent.table);
    if (!junction || junction.name === parent.name || junction.kind === 'view') continue;
    for (const toTarget of schema.foreignKeys) {
      if (toTarget === toParent || toTarget.table !== junction.name) continue;
      if (toTarget.refTable === junction.name) continue;
      const target = schema.tables.get(toTarget.refTable);
      if (!target) continue;
      const keyCols = [...toParent.columns, ...toTarget.columns];
      const covered = junction.uniques.some((u) => keyCols.every((c) => u.includes(c)));
      if (!covered) continue;
      found.push({
        cardinality: 'm2m',
        target,
        constraint: `${toParent.name}, ${toTarget.name}`,
        on: zip(toParent.columns, toParent.refColumns),
        junction: { table: junction, toTarget: zip(toTarget.columns, toTarget.refColumns) },
        fks: [toParent, toTarget],
        self: false,
        targetIsView: target.kind === 'view',
      });
    }
  }
  return found;
}

export function findRelationships(
  schema: Schema,
  parent: Table,
  name: string,
  hint: string | undefined,
): Relationship[] {
  // Computed relationships: a function of the parent's row, named like the embed.
  const computed = (schema.functions.get(name) ?? []).filter((fn) =>
    takesRowOf(fn, schema, parent),
  );
  const matching: Candidate[] = [];
  for (const fn of computed) {
    const target = fn.returnTable ? schema.tables.get(fn.returnTable) : undefined;
    if (!target) continue;
    matching.push({
      // To-one when it returns one row, or a set declared ROWS 1 (PostgREST's single_row).
      cardinality: fn.singleRow ? 'm2o' : 'o2m',
      target,
      constraint: fn.name,
      on: [],
      computed: fn,
      fks: [],
      self: false,
      targetIsView: target.kind === 'view',
    });
  }
  for (const r of relationshipsOf(schema, parent)) {
    const toOne = r.cardinality === 'm2o' || r.cardinality === 'o2o';
    const matchesConstraint = (h: string) => r.cardinality !== 'm2m' && r.constraint === h;
    const matchesColumn = (h: string) => r.single?.[0] === h;
    const matchesRefColumn = (h: string) => r.single?.[1] === h;
    let ok: boolean;
    if (r.self && r.cardinality !== 'm2m') {
      // One foreign key, two relationships: `tree(*)` and `tree!parent_id(*)` are the children,
      // `parent_id(*)` is the parent.
      ok =
        hint === undefined
          ? (name === r.target.name && r.cardinality === 'o2m') ||
            (toOne && r.cardinality === 'm2o' && matchesColumn(name))
          : name === r.target.name && r.cardinality === 'o2m' && matchesRefColumn(hint);
    } else if (hint === undefined) {
      ok =
        name === r.target.name ||
        (!r.targetIsView && (matchesConstraint(name) || matchesColumn(name)));
    } else {
      ok =
        name === r.target.name &&
        (matchesConstraint(hint) ||
          matchesColumn(hint) ||
          matchesRefColumn(hint) ||
          (r.junction !== undefined && r.junction.table.name === hint));
    }
    if (ok) matching.push(r);
  }
  if (matching.length === 0) {
    throw apiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema.name}', but no matches were found.`,
      null,
    );
  }
  if (matching.length > 1) {
    const details = matching.map((r) => ({
      cardinality:
        r.cardinality === 'm2o'
          ? 'many-to-one'
          : r.cardinality === 'o2m'
            ? 'one-to-many'
            : r.cardinality === 'o2o'
              ? 'one-to-one'
              : 'many-to-many',
      embedding: `${parent.name} with ${name}`,
      relationship: r.fks.map(describe).join(', '),
    }));
    const options = matching.map(
      (r) => `'${name}!${r.junction ? r.junction.table.name : r.constraint}'`,
    );
    const error = apiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      null,
      `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
    );
    (error.body as { details: unknown }).details = details;
    throw error;
  }
  const [only] = matching;
  if (!only) throw new Error('unreachable');
  const { fks: _fks, self: _self, targetIsView: _view, single: _single, ...relationship } = only;
  return [relationship];
}

export function isToOne(r: Relationship): boolean {
  return r.cardinality === 'm2o' || r.cardinality === 'o2o';
}
