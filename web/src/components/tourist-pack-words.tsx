import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meaningIn } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { fallbackNoteKey, useMeaningLanguage } from '../lib/meaning-language.ts';
import { fetchTouristPackWords } from '../lib/meanings-api.ts';
import { MeaningText } from './meaning-text.tsx';
import { Spinner } from './spinner.tsx';

/**
 * The tourist pack's words with their meanings in the learner's language, reviewed ones ticked.
 * Loaded only when opened: most visits to the dashboard do not need 150 words. When no word
 * has the learner's language yet, one note says so instead of a tag on every word.
 */
export function TouristPackWords({ userId }: { userId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { language } = useMeaningLanguage();
  const words = useQuery({
    queryKey: ['tourist-pack-words', userId],
    queryFn: () => fetchTouristPackWords(userId),
    enabled: open,
  });

  let body = null;
  if (open) {
    if (words.isPending) body = <Spinner label={t('app.loading')} />;
    else if (words.isError) body = <p role="alert">{t('touristPack.loadFailed')}</p>;
    else {
      const rows = words.data.map((word) => ({ word, meaning: meaningIn(word, language) }));
      const allFallback = rows.length > 0 && rows.every((row) => row.meaning.fallback);
      const note = allFallback ? fallbackNoteKey(language) : null;
      body = (
        <>
          {note && <p className="muted small">{t(note)}</p>}
          {/* It scrolls: focusable, so keyboard users can scroll it too (axe). */}
          <ol className="pack-words" tabIndex={0} aria-label={t('dashboard.touristPackTitle')}>
            {rows.map(({ word, meaning }) => (
              <li key={word.position} className={word.reviewed ? 'reviewed' : undefined}>
                <span className="pack-mark" aria-hidden="true">
                  {word.reviewed ? '✓' : '·'}
                </span>
                <span>
                  <span lang="hu" className="pack-hu">
                    {word.word_hu}
                  </span>{' '}
                  <MeaningText
                    className="pack-meaning"
                    meaning={allFallback ? { ...meaning, fallback: false } : meaning}
                    learnerLanguage={language}
                  />
                  <span className="visually-hidden">
                    {' '}
                    ({t(word.reviewed ? 'touristPack.reviewed' : 'touristPack.notReviewed')})
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </>
      );
    }
  }

  return (
    <details className="pack-details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('touristPack.showWords')}</summary>
      {body}
    </details>
  );
}
