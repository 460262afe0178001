import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { getSupabase } from './supabase.ts';

export type Role = 'admin' | 'user';

export type AuthState = {
  readonly user: User | null;
  readonly session: Session | null;
  /** True until the first session read or the first auth event. */
  readonly loading: boolean;
  readonly role: Role;
  /** True while the role of a signed-in user is still being read. */
  readonly roleLoading: boolean;
  readonly lastEvent: AuthChangeEvent | null;
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

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    void getSupabase()
      .then(async (supabase) => {
        const { data } = supabase.auth.onAuthStateChange((event, next) => {
          if (!active) return;
          setLastEvent(event);
          setSession(next);
          setLoading(false);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        const { data: current } = await supabase.auth.getSession();
        if (!active) return;
        setSession(current.session);
        setLoading(false);
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
      signOut: async () => {
        const supabase = await getSupabase();
        const { error } = await supabase.auth.signOut();
        if (error)
          console.warn('Sign-out reported an error; the local session is cleared anyway.', error);
      },
    }),
    [session, loading, role, userId, lastEvent],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
