import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { fetchKnownWords, keepToken } from './tokens-api.ts';
import type { WordHelp } from './word-panel-host.tsx';
import { NO_KNOWN_WORDS, type TokenWord, type WordToken } from './word-token.ts';

export const knownWordsKey = (userId: string) => ['known-words', userId] as const;

/**
 * The lesson page's word help: the lesson's words by id, the learner's words in review (marked
 * in the transcript) and Add to review, which refreshes them and says so.
 */
export function useWordHelp(
  userId: string,
  vocabulary: readonly TokenWord[],
  backendUrl: string,
): WordHelp {
  const t = useT();
  const queryClient = useQueryClient();
  const known = useQuery({
    queryKey: knownWordsKey(userId),
    queryFn: () => fetchKnownWords(userId),
    enabled: userId !== '',
  });
  const keep = useCallback(
    async (token: WordToken) => {
      try {
        await keepToken(token.id);
        notify.success(t('word.added', { word: token.lemma }));
        await queryClient.invalidateQueries({ queryKey: knownWordsKey(userId) });
      } catch (error) {
        console.error('Keeping the word failed', error);
        notify.error(t('word.addFailed'));
      }
    },
    [queryClient, t, userId],
  );
  const words = useMemo(
    () => new Map(vocabulary.map((word) => [word.id, word] as const)),
    [vocabulary],
  );
  return useMemo(
    () => ({
      words,
      known: known.data ?? NO_KNOWN_WORDS,
      keep: userId === '' ? 'sign-up' : keep,
      backendUrl,
    }),
    [words, known.data, keep, userId, backendUrl],
  );
}
