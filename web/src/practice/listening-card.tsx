import { useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from '../components/button.tsx';
import { SpeakerIcon } from '../components/icons.tsx';
import type { CardResult } from './card-result.ts';
import { useCardKeys, useShownAt } from './card-result.ts';
import { CardExample } from './card-example.tsx';
import type { ClipPlayer } from './clip-player.ts';
import type { ListeningCard } from './practice-cards.ts';

/**
 * Listening: the word is heard, never shown, and the learner picks its meaning among four
 * (keys 1–4). The server checks the meaning picked against the word's meanings.
 */
export function ListeningCardView({
  card,
  player,
  onDone,
}: {
  card: ListeningCard;
  player: ClipPlayer;
  onDone: (result: CardResult) => void;
}) {
  const t = useT();
  const elapsed = useShownAt();
  const [picked, setPicked] = useState<{ index: number; durationMs: number } | null>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  const right = card.options.find((o) => o.isCorrect);
  const chosen = picked === null ? undefined : card.options[picked.index];

  const playWord = () =>
    void player
      .play({ sources: [card.audioUrl] })
      .catch((error: unknown) => console.warn('The word could not play', error));

  useEffect(() => {
    void player
      .play({ sources: [card.audioUrl] })
      .catch((error: unknown) => console.warn('The word could not play', error));
    return () => player.stop();
  }, [player, card.audioUrl]);

  useEffect(() => {
    if (picked) continueRef.current?.focus();
  }, [picked]);

  const pick = (index: number) => {
    if (picked || !card.options[index]) return;
    setPicked({ index, durationMs: elapsed() });
  };
  const finish = () => {
    if (!picked || !chosen || done.current) return;
    done.current = true;
    onDone({
      correct: chosen.isCorrect,
      answer: {
        skill: 'listening',
        item: card.item,
        answer: chosen.text,
        choice: true,
        durationMs: picked.durationMs,
      },
    });
  };
  useCardKeys({ onDigit: (digit) => pick(digit - 1), onEnter: finish });

  return (
    <>
      <p className="muted">{t('practice.listening.prompt')}</p>
      <Button className="listen-button" onClick={playWord}>
        <SpeakerIcon /> {t('practice.listening.play')}
      </Button>
      <ol className="options">
        {card.options.map((option, index) => {
          const status = !picked
            ? ''
            : option.isCorrect
              ? 'correct'
              : index === picked.index
                ? 'wrong'
                : '';
          return (
            <li key={`${card.key}-${index}`}>
              <button
                type="button"
                className={`option ${status}`}
                disabled={picked !== null}
                aria-pressed={picked?.index === index}
                onClick={() => pick(index)}
              >
                <kbd aria-hidden="true">{index + 1}</kbd>
                <span lang={card.meaning.language}>{option.text}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" className="flashcard-feedback">
        {chosen &&
          (chosen.isCorrect ? (
            <p className="good">
              {t('answers.right')} <span lang="hu">{card.hungarian}</span>
            </p>
          ) : (
            <p className="bad">
              {t('answers.wrong', { answer: right?.text ?? '' })} (
              <span lang="hu">{card.hungarian}</span>)
            </p>
          ))}
      </div>
      <CardExample shown={picked !== null} />
      <div className="form-actions">
        <Button ref={continueRef} disabled={!picked} onClick={finish}>
          {t('practice.continue')}
        </Button>
      </div>
      <p className="muted small keyboard-hint">{t('practice.listening.keyboardHint')}</p>
    </>
  );
}
