import { useId } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { Button } from '../components/button.tsx';
import type { PracticeCard } from './practice-cards.ts';

export type PracticeKind = 'dictation' | 'speaking' | 'recall' | 'listening';

const KINDS: readonly { kind: PracticeKind; title: TextKey; text: TextKey }[] = [
  { kind: 'dictation', title: 'practice.kind.dictation', text: 'practice.kind.dictation.text' },
  { kind: 'speaking', title: 'practice.kind.speaking', text: 'practice.kind.speaking.text' },
  { kind: 'recall', title: 'practice.kind.recall', text: 'practice.kind.recall.text' },
  { kind: 'listening', title: 'practice.kind.listening', text: 'practice.kind.listening.text' },
];

/** The Practice tab's choice of exercise, each with how many it has and how many are due. */
export function PracticeKinds({
  cards,
  now,
  onStart,
}: {
  cards: readonly PracticeCard[];
  /** When the cards were read: what was due then counts as due. */
  now: number;
  onStart: (kind: PracticeKind) => void;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  return (
    <div className="practice-kinds">
      <p className="muted">{t('practice.intro')}</p>
      <ul className="practice-kind-list">
        {KINDS.map(({ kind, title, text }) => {
          const mine = cards.filter((c) => c.skill === kind);
          const due = mine.filter((c) => c.due !== null && c.due.getTime() <= now).length;
          const words = kind === 'recall' || kind === 'listening';
          return (
            <li key={kind} className="card practice-kind" aria-labelledby={`${id}-${kind}`}>
              <h3 id={`${id}-${kind}`}>{t(title)}</h3>
              <p>{t(text)}</p>
              <p className="muted small">
                {t('practice.exercises', { n: format.number(mine.length) })}
                {due > 0 && <> · {t('practice.dueNow', { n: format.number(due) })}</>}
              </p>
              {mine.length === 0 && words && (
                <p className="muted small">{t('practice.wordsLater')}</p>
              )}
              <Button
                disabled={mine.length === 0}
                onClick={() => onStart(kind)}
                aria-describedby={`${id}-${kind}`}
              >
                {t('practice.start')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
