import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEANING_LANGUAGES, isMeaningLanguage } from '@magyarul/core/flashcards';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { LANGUAGE_NAMES } from '../lib/language.ts';
import { useLanguageName, useMeaningLanguage } from '../lib/meaning-language.ts';
import { saveMeaningLanguage } from '../lib/meanings-api.ts';
import { notify } from '../lib/toast.ts';

/**
 * The learner's language for meanings and line translations, saved on their profile so every
 * device uses it. Until they choose, it shows (and follows) the interface language.
 */
export function MeaningLanguagePicker({ userId }: { userId: string }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const languageName = useLanguageName();
  const { language, chosen, ready } = useMeaningLanguage();
  const save = useMutation({
    mutationFn: (next: MeaningLanguage) => saveMeaningLanguage(userId, next),
    onSuccess: async (_, next) => {
      notify.success(t('meanings.saved', { language: languageName(next) }));
      await queryClient.invalidateQueries({ queryKey: ['profile', userId] });
    },
    onError: (error) => {
      console.error('Saving the meaning language failed', error);
      notify.error(t('meanings.saveFailed'));
    },
  });
  const shown = save.isPending && save.variables ? save.variables : language;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('meanings.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-language`}>{t('meanings.label')}</label>
        <select
          id={`${id}-language`}
          value={shown}
          disabled={!ready || save.isPending}
          aria-describedby={chosen === null ? `${id}-hint` : undefined}
          onChange={(e) => {
            if (isMeaningLanguage(e.target.value)) save.mutate(e.target.value);
          }}
        >
          {MEANING_LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </select>
      </div>
      {chosen === null && (
        <p id={`${id}-hint`} className="muted small">
          {t('meanings.followsInterface')}
        </p>
      )}
    </section>
  );
}
