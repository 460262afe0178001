import { getSupabase } from './supabase.ts';

/**
 * The greeting after signing in: 'Welcome!' for a learner who has not begun yet (no lesson step
 * recorded: a brand-new account), 'Welcome back!' otherwise, and when it cannot be told.
 */
export async function welcomeKey(userId: string): Promise<'auth.welcome' | 'auth.welcomeBack'> {
  try {
    const supabase = await getSupabase();
    const { count, error } = await supabase
      .from('user_lesson_progress')
      .select('lesson_id', { count: 'exact', head: true })
      .eq('user_id', userId);
    if (error) throw error;
    return count === 0 ? 'auth.welcome' : 'auth.welcomeBack';
  } catch (error) {
    console.warn('Could not tell a new learner from a returning one', error);
    return 'auth.welcomeBack';
  }
}
