import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { parsePrefer, preferenceApplied } from './prefer.ts';
import { endsInRollback } from './tx-end.ts';

// db-tx-end as PostgREST's Config.hs parses it and Preferences.hs reads `Prefer: tx=…`; the
// wire behaviour on both backends is in tests/contract/rest-tx-end.test.ts.

describe('db-tx-end', () => {
  it('reads MAGYARUL_DB_TX_END, commit by default, and refuses another value', () => {
    expect(loadConfig({}).dbTxEnd).toBe('commit');
    expect(loadConfig({ MAGYARUL_DB_TX_END: 'rollback-allow-override' }).dbTxEnd).toBe(
      'rollback-allow-override',
    );
    expect(() => loadConfig({ MAGYARUL_DB_TX_END: 'abort' })).toThrow(
      'MAGYARUL_DB_TX_END must be one of commit, commit-allow-override, rollback, rollback-allow-override, got abort',
    );
  });

  it('reads tx=… only when an override is allowed, the first one winning', () => {
    expect(parsePrefer('tx=rollback', 'commit').tx).toBeUndefined();
    expect(parsePrefer('tx=rollback', 'rollback').tx).toBeUndefined();
    expect(parsePrefer('tx=commit, tx=rollback', 'commit-allow-override').tx).toBe('commit');
    expect(parsePrefer('handling=strict, tx=rollback', 'commit').invalid).toEqual([]);
    expect(
      preferenceApplied(
        parsePrefer('tx=rollback, count=exact, return=minimal', 'rollback-allow-override'),
      ),
    ).toEqual({ 'preference-applied': 'return=minimal, count=exact, tx=rollback' });
  });

  it('rolls back as PostgREST optionalRollback decides', () => {
    expect(endsInRollback('commit', undefined)).toBe(false);
    expect(endsInRollback('commit-allow-override', 'rollback')).toBe(true);
    expect(endsInRollback('rollback', undefined)).toBe(true);
    expect(endsInRollback('rollback-allow-override', 'commit')).toBe(false);
  });
});
