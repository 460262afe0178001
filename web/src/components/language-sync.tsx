import { useEffect } from 'react';
import { useAuth } from '../lib/auth.tsx';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { getSupabase } from '../lib/supabase.ts';
import { trackUserUpdate } from '../lib/user-updates.ts';

/** How long the interface language must stay chosen before it is stored (switching around). */
const SETTLE_MS = 1500;

/**
 * Keeps the signed-in learner's interface language in their user metadata (`language`), where
 * the auth e-mails read it (the embedded mailer; hosted templates as `.Data.language`) and from
 * which the database fills profiles.interface_language. Sign-up sends it too; this follows later
 * switches and accounts made before. A failure (offline) is tried again on the next page load.
 * Not on a password-recovery visit: that session ends as soon as the new password is saved. A
 * sign-out waits for an update in flight (user-updates.ts).
 */
export function LanguageSync() {
  const { user, recovery } = useAuth();
  const { language } = useI18n();
  const userId = user?.id;
  const stored: unknown = user?.user_metadata.language;
  useEffect(() => {
    if (!userId || recovery || stored === language) return;
    const timer = window.setTimeout(() => {
      void trackUserUpdate(() =>
        getSupabase().then((supabase) => supabase.auth.updateUser({ data: { language } })),
      )
        .then((result) => {
          // null: the session was changing (a sign-out, a code verified): the next page load stores it.
          if (result?.error) console.warn('Storing the interface language failed', result.error);
        })
        .catch((error: unknown) => console.warn('Storing the interface language failed', error));
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [userId, recovery, stored, language]);
  return null;
}
