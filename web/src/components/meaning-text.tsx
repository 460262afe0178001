import type { Meaning, MeaningLanguage } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { fallbackNoteKey } from '../lib/meaning-language.ts';

/**
 * A meaning or translation in its language. When the learner's language was missing and English
 * is shown instead, a small EN tag says so (the full sentence for screen readers and on hover).
 */
export function MeaningText({
  meaning,
  learnerLanguage,
  className,
}: {
  meaning: Meaning;
  learnerLanguage: MeaningLanguage;
  className?: string;
}) {
  const t = useT();
  const noteKey = meaning.fallback ? fallbackNoteKey(learnerLanguage) : null;
  return (
    <span className={className}>
      <span lang={meaning.language}>{meaning.text}</span>
      {noteKey && (
        <>
          {' '}
          <span className="fallback-tag" title={t(noteKey)}>
            <span aria-hidden="true">{t('meanings.englishTag')}</span>
            <span className="visually-hidden">({t(noteKey)})</span>
          </span>
        </>
      )}
    </span>
  );
}
