import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../../../supabase/types/database.ts';
import type { LessonSummary } from '../../../shared/model.ts';
import type { Logger } from '../../dispatch.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { errorText } from './results.ts';
import { rememberedTarget } from './session.ts';

/** Ids per request: a list of UUIDs in the URL stays well under common URL limits. */
const CHUNK = 100;

/**
 * The studio's list shows what the server says of each lesson the studio published: live, or not
 * (a draft). It asks the last server published to with its anon key, no password: learners'
 * access is what counts, and the anonymous role sees exactly the live lessons. Whoever changed
 * it (the web admin made it live, or took it off), the list follows. When the server cannot be
 * reached, the list keeps what it last knew.
 */
export async function refreshServerStates(
  store: DraftsStore,
  log: Logger,
): Promise<LessonSummary[]> {
  const target = rememberedTarget(store.settings);
  const linked = store.lessons
    .list()
    .filter((lesson) => lesson.remoteId !== null && lesson.publishedStatus !== null);
  if (!target || target.anonKey === '' || linked.length === 0) return store.lessons.list();
  try {
    const client = createClient<Database>(target.url, target.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const live = new Set<string>();
    for (let start = 0; start < linked.length; start += CHUNK) {
      const ids = linked.slice(start, start + CHUNK).map((lesson) => lesson.remoteId ?? '');
      const { data, error } = await client
        .from('lessons')
        .select('id')
        .in('id', ids)
        .abortSignal(AbortSignal.timeout(10_000));
      if (error) throw new Error(error.message);
      for (const row of data) live.add(row.id);
    }
    store.db.transaction(() => {
      for (const lesson of linked) {
        const status = live.has(lesson.remoteId ?? '') ? 'published' : 'draft';
        if (status !== lesson.publishedStatus) store.lessons.setServerStatus(lesson.id, status);
      }
    });
  } catch (error) {
    log('could not read the lessons’ state on the server', {
      url: target.url,
      error: errorText(error),
    });
  }
  return store.lessons.list();
}
