// PostgREST's db-tx-end: how each /rest/v1 transaction ends, and whether a request's
// `Prefer: tx=commit|rollback` may choose (PostgREST Config.hs parseTxEnd, MainTx.hs
// optionalRollback). Hosted Supabase runs the default, `commit`: the preference is accepted and
// ignored. MAGYARUL_DB_TX_END selects another mode for the embedded server.

export const TX_ENDS = [
  'commit',
  'commit-allow-override',
  'rollback',
  'rollback-allow-override',
] as const;

export type TxEnd = (typeof TX_ENDS)[number];

export function isTxEnd(value: string): value is TxEnd {
  return (TX_ENDS as readonly string[]).includes(value);
}

/** Whether `Prefer: tx=…` is read at all (PostgREST's configDbTxAllowOverride). */
export function allowsTxOverride(txEnd: TxEnd): boolean {
  return txEnd === 'commit-allow-override' || txEnd === 'rollback-allow-override';
}

/**
 * Whether the request's transaction ends in ROLLBACK: asked for with `tx=rollback` (read only
 * when the mode allows it), or the mode rolls back and the request did not ask to commit.
 */
export function endsInRollback(txEnd: TxEnd, preferred: 'commit' | 'rollback' | undefined) {
  const rollbackAll = txEnd === 'rollback' || txEnd === 'rollback-allow-override';
  return preferred === 'rollback' || (rollbackAll && preferred !== 'commit');
}
