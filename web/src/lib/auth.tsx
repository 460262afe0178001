import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { AppRole } from '@magyarul/core/enums';
import { getSupabase } from './supabase.ts';
import { initialAuthParams, isRecoveryLink } from './url-params.ts';
import { afterUserUpdates } from './user-updates.ts';

export type Role = AppRole;

export type AuthState = {
  readonly user: User | null;
  readonly session: Session | null;
  /** True until the first session read or the first auth event. */
  readonly loading: boolean;
  readonly role: Role;
  /** True while the role of a signed-in user is still being read. */
  readonly roleLoading: boolean;
  readonly lastEvent: AuthChangeEvent | null;
  /**
   * The page was opened from a password-recovery link: recovery tokens in the URL, or a PKCE
   * code that brought PASSWORD_RECOVERY. Stays true until sign-out.
   */
  readonly recovery: boolean;
  readonly signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

/** The user's role from user_roles; absent or unreadable means 'user' (spec §6). */
async function readRole(userId: string): Promise<Role> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .eq('role', 'admin')
      .maybeSingle();
    if (error) {
      console.warn('Reading the role failed; treating the user as a learner.', error);
      return 'user';
    }
    return data?.role === 'admin' ? 'admin' : 'user';
  } catch (error) {
    console.warn('Reading the role failed; treating the user as a learner.', error);
    return 'user';
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [lastEvent, setLastEvent] = useState<AuthChangeEvent | null>(null);
  const [role, setRole] = useState<{ userId: string; role: Role } | null>(null);
  const [recovery, setRecovery] = useState(() => isRecoveryLink(initialAuthParams));
  // A PKCE link (?code=): supabase-js settles the session read before it says, by an event,
  // what the code was for (sign-in or PASSWORD_RECOVERY). Loading lasts until that event, so
  // no page decides on a half-known state (e.g. /auth sending a recovering user to /dashboard).
  const awaitingLinkEvent = useRef(initialAuthParams.code !== null);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    void getSupabase()
      .then(async (supabase) => {
        const { data } = supabase.auth.onAuthStateChange((event, next) => {
          if (!active) return;
          if (event === 'PASSWORD_RECOVERY') setRecovery(true);
          if (event === 'SIGNED_OUT') setRecovery(false);
          if (event === 'SIGNED_IN' || event === 'PASSWORD_RECOVERY') {
            awaitingLinkEvent.current = false;
          }
          setLastEvent(event);
          setSession(next);
          if (!awaitingLinkEvent.current) setLoading(false);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        const { data: current } = await supabase.auth.getSession();
        if (!active) return;
        // supabase-js removes the code from the URL only when it exchanged it; a code it left
        // (not ours, or refused) brings no event.
        const exchanged = !new URL(window.location.href).searchParams.has('code');
        if (!current.session || !exchanged) awaitingLinkEvent.current = false;
        setSession(current.session);
        if (!awaitingLinkEvent.current) setLoading(false);
      })
      .catch((error: unknown) => {
        console.error('The auth client could not start.', error);
        if (active) setLoading(false);
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  const userId = session?.user.id;
  useEffect(() => {
    if (!userId) return;
    let active = true;
    void readRole(userId).then((value) => {
      if (active) setRole({ userId, role: value });
    });
    return () => {
      active = false;
    };
  }, [userId]);

  const value = useMemo<AuthState>(
    () => ({
      user: session?.user ?? null,
      session,
      loading,
      role: role && role.userId === userId ? role.role : 'user',
      roleLoading: Boolean(userId) && role?.userId !== userId,
      lastEvent,
      recovery,
      signOut: async () => {
        const supabase = await getSupabase();
        const { error } = await afterUserUpdates(() => supabase.auth.signOut());
        if (error)
          console.warn('Sign-out reported an error; the local session is cleared anyway.', error);
      },
    }),
    [session, loading, role, userId, lastEvent, recovery],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
