import { useEffect, useRef, useState } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { fallbackNoteKey, useLanguageName } from '../lib/meaning-language.ts';
import { Button } from '../components/button.tsx';
import { SpeakerIcon } from '../components/icons.tsx';
import type { CardResult } from './card-result.ts';
import { useCardKeys, useShownAt } from './card-result.ts';
import { CardExample } from './card-example.tsx';
import type { ClipPlayer } from './clip-player.ts';
import type { RecognitionCard } from './practice-cards.ts';

/** Recognition in the mixed review: today's multiple-choice card, one answer, keys 1–4. */
export function RecognitionCardView({
  card: practice,
  language,
  player,
  onDone,
}: {
  card: RecognitionCard;
  language: MeaningLanguage;
  player: ClipPlayer;
  onDone: (result: CardResult) => void;
}) {
  const t = useT();
  const languageName = useLanguageName();
  const elapsed = useShownAt();
  const card = practice.card;
  const [picked, setPicked] = useState<{ index: number; durationMs: number } | null>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  const chosen = picked === null ? undefined : card.options[picked.index];
  const right = card.options.find((o) => o.isCorrect);
  const asksMeaning = card.cardType === 'hungarian_to_english';
  const fallback = card.meaning.fallback ? fallbackNoteKey(language) : null;
  const play = (url: string | null | undefined) => {
    if (url) void player.play({ sources: [url] }).catch(() => undefined);
  };

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
        skill: 'recognition',
        item: practice.item,
        correct: chosen.isCorrect,
        durationMs: picked.durationMs,
      },
    });
  };
  useCardKeys({ onDigit: (digit) => pick(digit - 1), onEnter: finish });

  return (
    <>
      <p className="muted">
        {asksMeaning
          ? t('flashcards.prompt.hu', { language: languageName(card.meaning.language) })
          : t('flashcards.prompt.en')}
      </p>
      {fallback && <p className="muted small meaning-fallback">{t(fallback)}</p>}
      <h2 className="flashcard-question" lang={asksMeaning ? 'hu' : card.meaning.language}>
        {card.question.text}
      </h2>
      {card.question.audioUrl && (
        <Button variant="ghost" onClick={() => play(card.question.audioUrl)}>
          <SpeakerIcon /> {t('flashcards.playAudio')}
        </Button>
      )}
      <ol className="options">
        {card.options.map((option, index) => (
          <li key={`${card.id}-${index}`}>
            <button
              type="button"
              className={`option ${!picked ? '' : option.isCorrect ? 'correct' : index === picked.index ? 'wrong' : ''}`}
              disabled={picked !== null}
              aria-pressed={picked?.index === index}
              onClick={() => pick(index)}
            >
              <kbd aria-hidden="true">{index + 1}</kbd>
              <span lang={asksMeaning ? card.meaning.language : 'hu'}>{option.text}</span>
            </button>
          </li>
        ))}
      </ol>
      <div role="status" aria-live="polite" className="flashcard-feedback">
        {chosen &&
          (chosen.isCorrect ? (
            <p className="good">{t('flashcards.correct')}</p>
          ) : (
            <p className="bad">{t('flashcards.incorrect', { answer: right?.text ?? '' })}</p>
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
