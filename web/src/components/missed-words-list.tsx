import type { MeaningLanguage, MissedWord } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { MeaningText } from './meaning-text.tsx';

/** "Words to practise": the words answered wrongly, with their meanings as the cards showed them. */
export function MissedWordsList({
  id,
  missed,
  language,
}: {
  id: string;
  missed: readonly MissedWord[];
  language: MeaningLanguage;
}) {
  const t = useT();
  return (
    <section className="missed-words" aria-labelledby={id}>
      <h3 id={id}>{t('flashcards.toPractise')}</h3>
      <ul>
        {missed.map((word) => (
          <li key={word.vocabularyId}>
            <span lang="hu" className="missed-hu">
              {word.hungarian}
            </span>{' '}
            <MeaningText meaning={word.meaning} learnerLanguage={language} />
          </li>
        ))}
      </ul>
    </section>
  );
}
