import { getSupabase, toAppError } from '../../lib/supabase.ts';
import { afterUserUpdates } from '../../lib/user-updates.ts';

// The second-factor calls of the admin area, one function each (supabase-js auth.mfa).

export type Assurance = {
  /** The session is aal1 but the account has a verified factor: a code is needed. */
  readonly needsCode: boolean;
  /** The verified TOTP factor, if any. */
  readonly factorId: string | null;
};

export async function readAssurance(): Promise<Assurance> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw toAppError(error);
  const { data: current } = await supabase.auth.getSession();
  const factor = current.session?.user.factors?.find(
    (f) => f.factor_type === 'totp' && f.status === 'verified',
  );
  return {
    needsCode: data.nextLevel === 'aal2' && data.currentLevel !== 'aal2',
    factorId: factor?.id ?? null,
  };
}

export type Enrolment = {
  readonly factorId: string;
  readonly qrCode: string;
  readonly secret: string;
};

/** Starts a TOTP factor; leftovers of an earlier, unfinished set-up are removed first. */
export async function enrollTotp(): Promise<Enrolment> {
  const supabase = await getSupabase();
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw toAppError(listed.error);
  for (const factor of listed.data.all) {
    if (factor.status === 'unverified') {
      const removed = await supabase.auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) throw toAppError(removed.error);
    }
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw toAppError(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/**
 * Checks a code; true when accepted (the session is aal2 from then on), false when wrong. A
 * background update of the account answering after it would save the aal1 session again: it
 * waits for those (user-updates.ts).
 */
export async function verifyCode(factorId: string, code: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { error } = await afterUserUpdates(() =>
    supabase.auth.mfa.challengeAndVerify({ factorId, code }),
  );
  if (!error) return true;
  if (error.code === 'mfa_verification_failed') return false;
  throw toAppError(error);
}

/** Removes the factor, then refreshes the session so its claims say aal1 again. */
export async function turnOff(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw toAppError(error);
  const refreshed = await afterUserUpdates(() => supabase.auth.refreshSession());
  if (refreshed.error) throw toAppError(refreshed.error);
}

/** The code as typed, spaces removed; null unless it is six digits. */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * The query that reads the assurance level for one session (its access token): read afresh at
 * every mount (nothing kept once unmounted). A failed read answers "no code needed" (the database
 * still refuses what aal1 may not do), so a page is never held up by it.
 */
export function assuranceQuery(token: string | null) {
  return {
    queryKey: ['mfa-assurance', token] as const,
    queryFn: () =>
      readAssurance().catch((error: unknown): Assurance => {
        console.error('Reading the assurance level failed', error);
        return { needsCode: false, factorId: null };
      }),
    gcTime: 0,
    retry: false,
  };
}
