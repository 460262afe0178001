import { apiError } from './errors.ts';
import type { Condition, Filter, OrderTerm, SelectItem } from './parser.ts';
import { isToOne, type EmbedItem } from './relationships.ts';
import type { Table } from './schema.ts';
import { SelectBuilder } from './select.ts';

// Filters (conditions, operators, logic trees) and order of a request: what SqlBuilder adds
// to the select lists of SelectBuilder.

export class SqlBuilder extends SelectBuilder {
  // ---- filters ------------------------------------------------------------------------------

  condition(
    cond: Condition,
    table: Table | null,
    alias: string,
    path: string,
    embeds: EmbedItem[],
  ): string {
    if (cond.type === 'logic') {
      const parts = cond.conditions.map((c) => this.condition(c, table, alias, path, embeds));
      const joined =
        parts.length === 0 ? 'true' : `(${parts.join(cond.op === 'or' ? ' or ' : ' and ')})`;
      return cond.negate ? `not ${joined}` : joined;
    }
    const f = cond.filter;
    const embed = embeds.find(
      (e) => (e.alias ?? e.name) === f.field.name || e.name === f.field.name,
    );
    if (
      embed &&
      table &&
      f.op === 'is' &&
      f.field.json.length === 0 &&
      (f.value === 'null' || f.value === 'not_null')
    ) {
      const { from, where } = this.embedSource(table, alias, embed, path);
      const exists = `exists (select 1 from ${from}${where.length > 0 ? ` where ${where.join(' and ')}` : ''})`;
      const wantNull = (f.value === 'null') !== f.negate;
      return wantNull ? `not ${exists}` : exists;
    }
    const expr = this.filterExpr(this.fieldExpr(alias, f.field), f);
    return f.negate ? `not (${expr})` : expr;
  }

  filterExpr(col: string, f: Filter): string {
    const single = (op: string, value: string) => `${col} ${op} ${this.param(value)}`;
    const quantified = (op: string) => {
      const values = Array.isArray(f.value) ? f.value : [f.value];
      if (values.length === 0) return f.quantifier === 'all' ? 'true' : 'false';
      const parts = values.map((v) => `${col} ${op} ${this.param(v)}`);
      return `(${parts.join(f.quantifier === 'all' ? ' and ' : ' or ')})`;
    };
    const binary: Record<string, string> = {
      eq: '=',
      neq: '<>',
      gt: '>',
      gte: '>=',
      lt: '<',
      lte: '<=',
      like: 'like',
      ilike: 'ilike',
      match: '~',
      imatch: '~*',
      cs: '@>',
      cd: '<@',
      ov: '&&',
      sl: '<<',
      sr: '>>',
      nxr: '&<',
      nxl: '&>',
      adj: '-|-',
    };
    switch (f.op) {
      case 'in': {
        const values = Array.isArray(f.value) ? f.value : [f.value];
        if (values.length === 0) return 'false';
        return `${col} in (${values.map((v) => this.param(v)).join(', ')})`;
      }
      case 'is': {
        const v = String(f.value);
        if (v === 'not_null') return `${col} is not null`;
        return `${col} is ${v}`;
      }
      case 'isdistinct':
        return `${col} is distinct from ${this.param(String(f.value))}`;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = {
          fts: 'to_tsquery',
          plfts: 'plainto_tsquery',
          phfts: 'phraseto_tsquery',
          wfts: 'websearch_to_tsquery',
        }[f.op];
        const cfg = f.config ? `${this.param(f.config)}::regconfig, ` : '';
        return `${col} @@ ${fn}(${cfg}${this.param(String(f.value))})`;
      }
      case 'ov': {
        const v = String(f.value);
        // `ov.(1,2)` lists are array literals for Postgres.
        const value = v.startsWith('(') && v.endsWith(')') ? `{${v.slice(1, -1)}}` : v;
        return single('&&', value);
      }
      default: {
        const op = binary[f.op];
        if (!op) throw apiError(400, 'PGRST100', `unknown operator ${f.op}`);
        if (f.quantifier) return quantified(op);
        return single(op, String(f.value));
      }
    }
  }

  // ---- order --------------------------------------------------------------------------------

  orderBy(
    table: Table | null,
    alias: string,
    terms: OrderTerm[],
    path: string,
    items: SelectItem[],
  ): string {
    if (terms.length === 0) return '';
    const parts = terms.map((t) => {
      let expr: string;
      if (t.relation) {
        const embed = items.find(
          (s): s is EmbedItem =>
            s.type === 'embed' && ((s.alias ?? s.name) === t.relation || s.name === t.relation),
        );
        if (!embed || !table) {
          throw apiError(
            400,
            'PGRST108',
            `'${t.relation}' is not an embedded resource in this request`,
            null,
            `Verify that '${t.relation}' is included in the 'select' query parameter.`,
          );
        }
        const { rel, alias: a, from, where } = this.embedSource(table, alias, embed, path);
        if (!isToOne(rel)) {
          throw apiError(
            400,
            'PGRST118',
            `A related order on '${t.relation}' is not possible`,
            `'${t.relation}' is not a to-one relationship`,
          );
        }
        expr = `(select ${this.fieldExpr(a, t.field)} from ${from}${where.length > 0 ? ` where ${where.join(' and ')}` : ''} limit 1)`;
      } else {
        expr = this.fieldExpr(alias, t.field);
      }
      return `${expr} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    });
    return ` order by ${parts.join(', ')}`;
  }

  /** WHERE of the root level (filters plus !inner / rel=not.is.null embeds). */
  rootWhere(table: Table | null, alias: string, inner: string[]): string {
    const embeds = this.query.select.filter((s): s is EmbedItem => s.type === 'embed');
    const parts = (this.query.conditions.get('') ?? []).map((c) =>
      this.condition(c, table, alias, '', embeds),
    );
    parts.push(...inner);
    return parts.length > 0 ? ` where ${parts.join(' and ')}` : '';
  }
}
