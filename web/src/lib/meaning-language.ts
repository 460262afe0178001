import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { resolveMeaningLanguage, type MeaningLanguage } from '@magyarul/core/flashcards';
import { fetchProfile } from './api.ts';
import { useAuth } from './auth.tsx';
import { useI18n } from './i18n/i18n.tsx';
import type { TextKey } from './i18n/catalogue.ts';

export type LearnerLanguage = {
  /** The language meanings are shown in. */
  readonly language: MeaningLanguage;
  /** The language chosen on the profile; null while it follows the interface language. */
  readonly chosen: MeaningLanguage | null;
  /** False while a signed-in learner's profile is still being read. */
  readonly ready: boolean;
};

/**
 * The learner's meaning language: the one on their profile (it follows them to any device),
 * else the interface language. Visitors who are not signed in read in the interface language.
 * A profile that cannot be read does not stop learning: the interface language is used then.
 */
export function useMeaningLanguage(): LearnerLanguage {
  const { user, loading } = useAuth();
  const { language: interfaceLanguage } = useI18n();
  const userId = user?.id ?? '';
  const profile = useQuery({
    queryKey: ['profile', userId],
    queryFn: () => fetchProfile(userId),
    enabled: userId !== '',
  });
  const chosen = profile.data?.meaningLanguage ?? null;
  return useMemo(
    () => ({
      language: resolveMeaningLanguage(chosen, interfaceLanguage),
      chosen,
      ready: !loading && (userId === '' || !profile.isPending),
    }),
    [chosen, interfaceLanguage, loading, userId, profile.isPending],
  );
}

const NAME_KEYS: Readonly<Record<MeaningLanguage, TextKey>> = {
  en: 'language.en',
  de: 'language.de',
  es: 'language.es',
};

/** Names of the meaning languages in the interface language ("German", "Deutsch", "alemán"). */
export function useLanguageName(): (language: MeaningLanguage) => string {
  const { t } = useI18n();
  return useCallback((language: MeaningLanguage) => t(NAME_KEYS[language]), [t]);
}

const FALLBACK_KEYS: Readonly<Record<MeaningLanguage, TextKey | null>> = {
  en: null,
  de: 'meanings.fallback.de',
  es: 'meanings.fallback.es',
};

/** The note that says a meaning is shown in English because `language` lacks it (null for English). */
export function fallbackNoteKey(language: MeaningLanguage): TextKey | null {
  return FALLBACK_KEYS[language];
}
