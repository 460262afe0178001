import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { exampleTranslation, useCardExample } from './example-lines.ts';

/**
 * The sentence the learner kept this word from, shown once the card is answered (before, it
 * would give the answer away). Nothing when the word has no example.
 */
export function CardExample({ shown }: { shown: boolean }) {
  const t = useT();
  const { language } = useMeaningLanguage();
  const example = useCardExample();
  if (!shown || !example) return null;
  const translation = exampleTranslation(example, language);
  return (
    <figure className="card-example">
      <figcaption className="muted small">{t('practice.example')}</figcaption>
      <blockquote lang="hu">{example.text}</blockquote>
      {translation && (
        <p className="muted" lang={translation.language}>
          {translation.text}
        </p>
      )}
    </figure>
  );
}
