import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  answerCard,
  isLastCard,
  isPassed,
  nextCard,
  sessionResult,
  startSession,
  type Flashcard,
  type MeaningLanguage,
  type SessionResult,
  type SessionState,
} from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { fallbackNoteKey, useLanguageName } from '../lib/meaning-language.ts';

/** A finished session with its pass verdict (≥ 80 %). */
export type SessionSummary = SessionResult & { readonly passed: boolean };

type Action = { readonly type: 'answer'; readonly option: number } | { readonly type: 'next' };

function reducer(state: SessionState, action: Action): SessionState {
  return action.type === 'answer'
    ? answerCard(state, action.option, new Date())
    : nextCard(state, new Date());
}

function summarise(state: SessionState): SessionSummary {
  const result = sessionResult(state);
  return { ...result, passed: isPassed(result.correctAnswers, result.totalCards) };
}
import { ProgressBar } from './progress.tsx';
import { Button } from './button.tsx';
import { SpeakerIcon } from './icons.tsx';

function playClip(url: string): void {
  void new Audio(url)
    .play()
    .catch((error: unknown) => console.warn('Card audio could not play', error));
}

function isButtonLike(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (['BUTTON', 'A', 'INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
      target.isContentEditable)
  );
}

/**
 * One flashcard session (spec §4): one answer locks the options and shows the correct one;
 * Next Card (View Results on the last card) advances; keys 1–4 answer, Enter/Space go on.
 * The cards are fixed for the life of the component: the caller freezes them. `language` is
 * the learner's meaning language the cards were built for: a card whose meaning had to fall
 * back to English says so under the prompt.
 */
export function FlashcardPlayer({
  cards,
  language,
  onAnswer,
  onFinished,
}: {
  cards: readonly Flashcard[];
  language: MeaningLanguage;
  onAnswer: (card: Flashcard, correct: boolean) => void;
  onFinished: (summary: SessionSummary) => void;
}) {
  const t = useT();
  const format = useFormat();
  const languageName = useLanguageName();
  const [state, dispatch] = useReducer(reducer, cards, (initial) =>
    startSession(initial, new Date()),
  );
  const nextRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const card = state.cards[state.index];
  const answered = state.selected !== null;
  const last = isLastCard(state);
  const finishedRef = useRef(false);

  const answer = useCallback(
    (option: number) => {
      if (!card || state.selected !== null) return;
      const chosen = card.options[option];
      if (!chosen) return;
      dispatch({ type: 'answer', option });
      onAnswer(card, chosen.isCorrect);
    },
    [card, state.selected, onAnswer],
  );

  const next = useCallback(() => {
    if (state.selected === null) return;
    dispatch({ type: 'next' });
  }, [state.selected]);

  useEffect(() => {
    if (state.phase === 'finished' && !finishedRef.current) {
      finishedRef.current = true;
      onFinished(summarise(state));
    }
  }, [state, onFinished]);

  useEffect(() => {
    if (answered) nextRef.current?.focus();
    else questionRef.current?.focus();
  }, [answered, state.index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (/^[1-4]$/.test(event.key)) {
        if (
          event.target instanceof HTMLElement &&
          ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)
        )
          return;
        event.preventDefault();
        answer(Number(event.key) - 1);
      } else if ((event.key === 'Enter' || event.key === ' ') && !isButtonLike(event.target)) {
        event.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answer, next]);

  if (!card || state.phase === 'finished') return null;
  const correctOption = card.options.find((o) => o.isCorrect);
  const chosen = state.selected === null ? undefined : card.options[state.selected];
  const cardOf = t('flashcards.cardOf', {
    n: format.number(state.index + 1),
    total: format.number(state.cards.length),
  });
  const asksMeaning = card.cardType === 'hungarian_to_english';
  const fallbackNote = card.meaning.fallback ? fallbackNoteKey(language) : null;

  return (
    <section className="flashcard" aria-label={cardOf}>
      <div className="flashcard-top">
        <span>{cardOf}</span>
        <ProgressBar
          value={state.index + (answered ? 1 : 0)}
          max={state.cards.length}
          label={cardOf}
        />
      </div>
      <p className="muted">
        {asksMeaning
          ? t('flashcards.prompt.hu', { language: languageName(card.meaning.language) })
          : t('flashcards.prompt.en')}
      </p>
      {fallbackNote && <p className="muted small meaning-fallback">{t(fallbackNote)}</p>}
      <h2
        className="flashcard-question"
        tabIndex={-1}
        ref={questionRef}
        lang={asksMeaning ? 'hu' : card.meaning.language}
        data-card-id={card.id}
      >
        {card.question.text}
      </h2>
      {card.question.audioUrl && (
        <Button variant="ghost" onClick={() => playClip(card.question.audioUrl ?? '')}>
          <SpeakerIcon /> {t('flashcards.playAudio')}
        </Button>
      )}
      <ol className="options">
        {card.options.map((option, index) => {
          const status = !answered
            ? ''
            : option.isCorrect
              ? 'correct'
              : index === state.selected
                ? 'wrong'
                : '';
          return (
            <li key={`${card.id}-${index}`}>
              <button
                type="button"
                className={`option ${status}`}
                disabled={answered}
                aria-pressed={state.selected === index}
                onClick={() => answer(index)}
              >
                <kbd aria-hidden="true">{index + 1}</kbd>
                <span lang={asksMeaning ? card.meaning.language : 'hu'}>{option.text}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div aria-live="polite" className="flashcard-feedback">
        {chosen &&
          (chosen.isCorrect ? (
            <p className="good">{t('flashcards.correct')}</p>
          ) : (
            <p className="bad">
              {t('flashcards.incorrect', { answer: correctOption?.text ?? '' })}
            </p>
          ))}
      </div>
      {answered && correctOption?.audioUrl && (
        <Button variant="ghost" onClick={() => playClip(correctOption.audioUrl ?? '')}>
          <SpeakerIcon /> {t('flashcards.playAudio')}
        </Button>
      )}
      <div className="form-actions">
        <Button ref={nextRef} disabled={!answered} onClick={next}>
          {last ? t('flashcards.viewResults') : t('flashcards.nextCard')}
        </Button>
      </div>
      <p className="muted small keyboard-hint">{t('flashcards.keyboardHint')}</p>
    </section>
  );
}
