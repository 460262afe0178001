import type { Db, Queryable } from '../context.ts';
import { type LocalDb, SET_CONSTRAINTS_IMMEDIATE } from '../db/types.ts';
import { timeoutSetting } from '../db/role-timeouts.ts';
import { costError, HEAVY_COST, heavyLane, plainReadCost, plannedCost } from './bounds.ts';
import { type ApiError, fromPgError, isPgError } from './errors.ts';
import type { Auth } from './request.ts';
import { singularError } from './response.ts';
import { searchPath } from './schema-cache.ts';
import type { ResultRow, Statement } from './sql.ts';

// One request, one transaction: set the role, the JWT claims and the request GUCs with
// set_config(…, true), run one statement, decide (singular, max-affected) and commit.

const GUC_SQL =
  "select set_config('search_path', $8, true), set_config('role', $1, true), " +
  "set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), " +
  "set_config('request.path', $4, true), set_config('request.headers', $5, true), " +
  "set_config('request.cookies', $6, true), " +
  "set_config('statement_timeout', coalesce($7, current_setting('statement_timeout')), true)";

function cookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export type Exec = {
  auth: Auth;
  /** The request's schema: first on the search_path. */
  schemaName: string;
  /** Refuse the statement when the planner's cost exceeds this (reads, on PGlite). */
  maxCost?: number;
  /** A read without embeds: its planned cost may be reused per statement (plainReadCost). */
  plain?: boolean;
  /** The role's statement timeout in ms (0: none); see db/role-timeouts.ts. */
  timeoutMs: number;
  req: Request;
  path: string;
  readOnly: boolean;
  singular: boolean;
  /** Refuses the result (and rolls the transaction back) when it returns an error. */
  reject?: (row: ResultRow) => ApiError | null;
  /** `count=planned|estimated`: also plan this statement and read the planner's row estimate. */
  plan?: Statement;
  /** End in ROLLBACK (db-tx-end, `Prefer: tx=rollback`; see tx-end.ts): nothing persists. */
  rollback?: boolean;
};

/** Carries a rolled-back request's result out of Db.transaction, which rolls back on a throw. */
class RolledBack {
  constructor(readonly row: Executed) {}
}

type RequestCapable = Db & { request: LocalDb['request'] };

function canPipeline(db: Db): db is RequestCapable {
  return typeof (db as Partial<RequestCapable>).request === 'function';
}

function toRow(values: unknown[] | undefined): ResultRow {
  if (!values) return { total_count: null, page_count: 0, body: '[]' };
  const [total, pageCount, body, inserted] = values;
  return {
    total_count: total === null || total === undefined ? null : Number(total),
    page_count: Number(pageCount ?? 0),
    body: body === null || body === undefined ? null : String(body),
    ...(inserted === undefined ? {} : { inserted: inserted === null ? null : Number(inserted) }),
  };
}

type PlanRows = { Plan?: { 'Plan Rows'?: number } };

function planRows(value: unknown): number | null {
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as PlanRows[] | undefined;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : null;
}

/** The result row plus, when asked (Exec.plan), the planner's row estimate. */
export type Executed = ResultRow & { planned?: number | null };

export async function execute(db: Db, e: Exec, statement: Statement): Promise<Executed> {
  const headers: Record<string, string> = {};
  e.req.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setup = {
    sql: GUC_SQL,
    params: [
      e.auth.role,
      JSON.stringify(e.auth.claims),
      e.req.method,
      e.path,
      JSON.stringify(headers),
      JSON.stringify(cookies(e.req.headers.get('cookie'))),
      timeoutSetting(e.timeoutMs),
      searchPath(e.schemaName),
    ],
  };
  const decide = (row: ResultRow): ApiError | null => {
    if (e.singular && Number(row.page_count) !== 1) return singularError(Number(row.page_count));
    return e.reject?.(row) ?? null;
  };
  const explain = e.plan
    ? { sql: `explain (format json) ${e.plan.sql}`, params: e.plan.params }
    : null;
  try {
    if (canPipeline(db)) {
      let heavy = false;
      if (e.maxCost !== undefined) {
        const plan = () =>
          plannedCost(db, { readOnly: true, setup, main: statement, timeoutMs: e.timeoutMs });
        const cost = e.plain
          ? await plainReadCost(db, `${e.auth.role}\n${e.schemaName}\n${statement.sql}`, plan)
          : await plan();
        if (cost > e.maxCost) costError(cost, e.maxCost);
        heavy = cost > HEAVY_COST;
      }
      let rejected: ApiError | null = null;
      // A request that rolls back anyway needs no decision before it ends.
      const needsDecision = !e.rollback && (e.reject !== undefined || (e.singular && !e.readOnly));
      const run = () =>
        db.request({
          readOnly: e.readOnly,
          setup,
          main: statement,
          timeoutMs: e.timeoutMs,
          ...(e.rollback ? { rollback: true } : {}),
          ...(needsDecision
            ? {
                commit: (values: unknown[][]) => {
                  rejected = decide(toRow(values[0]));
                  return rejected === null;
                },
              }
            : {}),
        });
      const rows = await (heavy ? heavyLane(db).run(run) : run());
      const row: Executed = toRow(rows[0]);
      if (rejected) throw rejected;
      const refused = decide(row);
      if (refused) throw refused;
      if (explain) {
        const planned = await db.request({
          readOnly: true,
          setup,
          main: explain,
          timeoutMs: e.timeoutMs,
        });
        row.planned = planRows(planned[0]?.[0]);
      }
      return row;
    }
    return await db.transaction(
      async (tx: Queryable) => {
        await tx.query(setup.sql, setup.params);
        const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
        const row: Executed = rows[0] ?? { total_count: null, page_count: 0, body: '[]' };
        const refused = decide(row);
        if (refused) throw refused;
        if (explain) {
          const planned = await tx.query<Record<string, unknown>>(explain.sql, explain.params);
          row.planned = planRows(Object.values(planned.rows[0] ?? {})[0]);
        }
        if (e.rollback) {
          await tx.query(SET_CONSTRAINTS_IMMEDIATE);
          throw new RolledBack(row);
        }
        return row;
      },
      { readOnly: e.readOnly, timeoutMs: e.timeoutMs },
    );
  } catch (error) {
    if (error instanceof RolledBack) return error.row;
    if (isPgError(error)) throw fromPgError(error, e.auth.role);
    throw error;
  }
}
