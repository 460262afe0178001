import { type ApiError, apiError } from './errors.ts';
import { allowsTxOverride, type TxEnd } from './tx-end.ts';

// The Prefer header: PostgREST's preference tokens, PGRST122 under handling=strict,
// Preference-Applied, max-affected and the Content-Range total a count preference asks for.

export type Prefer = {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  /** `tx=commit|rollback`, read only when db-tx-end allows an override (see tx-end.ts). */
  tx?: 'commit' | 'rollback';
  /** Preferences PostgREST does not know (PGRST122 under handling=strict). */
  invalid: string[];
};

// PostgREST's accepted preference tokens. `tx=commit|rollback` is always accepted (never
// PGRST122) but read only when db-tx-end allows an override, as in PostgREST's fromHeaders.
const KNOWN_PREFS: Record<string, Partial<Prefer>> = {
  'return=minimal': { return: 'minimal' },
  'return=representation': { return: 'representation' },
  'return=headers-only': { return: 'headers-only' },
  'count=exact': { count: 'exact' },
  'count=planned': { count: 'planned' },
  'count=estimated': { count: 'estimated' },
  'resolution=merge-duplicates': { resolution: 'merge-duplicates' },
  'resolution=ignore-duplicates': { resolution: 'ignore-duplicates' },
  'missing=default': { missing: 'default' },
  'missing=null': { missing: 'null' },
  'handling=strict': { handling: 'strict' },
  'handling=lenient': { handling: 'lenient' },
  'tx=commit': { tx: 'commit' },
  'tx=rollback': { tx: 'rollback' },
};

export function parsePrefer(header: string | null, txEnd: TxEnd = 'commit'): Prefer {
  const prefer: Prefer = { invalid: [] };
  if (!header) return prefer;
  const readTx = allowsTxOverride(txEnd);
  const tokens = header
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  for (const token of tokens) {
    const known = KNOWN_PREFS[token];
    if (known) {
      // The first occurrence of each kind wins, as in PostgREST.
      for (const [key, value] of Object.entries(known) as [keyof Prefer, never][]) {
        if (key === 'tx' && !readTx) continue;
        if (prefer[key] === undefined) prefer[key] = value;
      }
    } else if (token.startsWith('timezone=')) {
      prefer.timezone ??= token.slice('timezone='.length);
    } else if (token.startsWith('max-affected=')) {
      const n = token.slice('max-affected='.length);
      if (prefer.maxAffected === undefined && /^-?[0-9]{1,18}$/.test(n)) {
        prefer.maxAffected = Number(n);
      }
    } else {
      prefer.invalid.push(token);
    }
  }
  return prefer;
}

/** PGRST122: unknown preferences under handling=strict. */
export function checkPrefer(prefer: Prefer): void {
  if (prefer.handling === 'strict' && prefer.invalid.length > 0) {
    throw apiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefer.invalid.join(', ')}`,
    );
  }
}

/**
 * The Preference-Applied header (PostgREST's order; max-affected only with handling=strict).
 * `timezone=` is accepted but not applied here (answers stay in the server's time zone), so it
 * is not echoed.
 */
export function preferenceApplied(prefer: Prefer): Record<string, string> {
  const applied = [
    prefer.resolution && `resolution=${prefer.resolution}`,
    prefer.missing && `missing=${prefer.missing}`,
    prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
    prefer.tx && `tx=${prefer.tx}`,
    prefer.handling && `handling=${prefer.handling}`,
    prefer.handling === 'strict' &&
      prefer.maxAffected !== undefined &&
      `max-affected=${prefer.maxAffected}`,
  ].filter((v): v is string => typeof v === 'string');
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {};
}

/** PGRST124: more rows affected than `max-affected` allows under handling=strict. */
export function maxAffectedError(prefer: Prefer, affected: number): ApiError | null {
  if (prefer.handling !== 'strict' || prefer.maxAffected === undefined) return null;
  if (affected <= prefer.maxAffected) return null;
  return apiError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${affected} rows`,
  );
}

/** The Content-Range total: exact, the planner's estimate, or (estimated) the larger one above max-rows. */
export function countTotal(
  prefer: Prefer,
  exact: number | null,
  planned: number | null | undefined,
  maxRows: number,
): number | null {
  if (prefer.count === 'planned') return planned ?? null;
  if (prefer.count === 'estimated' && exact !== null && exact > maxRows && planned != null) {
    return Math.max(exact, planned);
  }
  return exact;
}
