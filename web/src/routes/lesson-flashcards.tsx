import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import {
  buildLessonSession,
  mulberry32,
  type Flashcard,
  type MeaningLanguage,
} from '@magyarul/core/flashcards';
import {
  fetchInterleavedWords,
  recordWordResult,
  saveFlashcardSession,
  toCardWords,
  type ApiWord,
} from '../lib/api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { readBackendConfig } from '../lib/config.ts';
import { newId } from '../lib/ids.ts';
import { notify } from '../lib/toast.ts';
import { Button } from '../components/button.tsx';
import type { SessionSummary } from '../components/flashcard-player.tsx';
import { FlashcardRound } from '../components/flashcard-round.tsx';
import { Spinner } from '../components/spinner.tsx';
import { lessonSessionRound } from '../lib/session-round.ts';
import { useSessionSave } from './session-save.ts';
import { useNextLesson } from './use-next-lesson.ts';

/** The lesson's Flashcards tab: a session of its cards, its results and their save. */
export function LessonFlashcards({
  lessonId,
  userId,
  vocabulary,
  language,
  passed,
  onPassed,
}: {
  lessonId: string;
  userId: string;
  vocabulary: readonly ApiWord[];
  /** The learner's meaning language, fixed while the tab is open like the cards. */
  language: MeaningLanguage;
  passed: boolean;
  onPassed: () => void;
}) {
  const t = useT();
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const [cards, setCards] = useState<Flashcard[] | null>(null);
  /** The learner's sessions of this lesson before this visit: each word's first direction. */
  const [earlier, setEarlier] = useState(0);
  const newSession = useCallback(
    (chosen: readonly ApiWord[], sessionRound: number) =>
      buildLessonSession(
        toCardWords(
          chosen.filter((w) => !w.is_review),
          backendUrl,
        ),
        {
          random: mulberry32(Date.now() >>> 0),
          language,
          reviewWords: toCardWords(
            chosen.filter((w) => w.is_review),
            backendUrl,
          ),
          round: sessionRound,
        },
      ),
    [backendUrl, language],
  );
  const [words, setWords] = useState<readonly ApiWord[]>([]);
  const [round, setRound] = useState(0);
  // One id per attempt: its answers are recorded under it and the session is saved under it.
  const [sessionId, setSessionId] = useState(newId);
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  const next = useNextLesson(lessonId);
  const save = useSessionSave({ summary, sessionId, lessonId, userId, onPassed });

  // The cards are drawn once when the tab opens and stay frozen until the learner leaves it:
  // keyed on the lesson only (a refetch of the vocabulary must not reshuffle a running session),
  // so what it reads of the rest is read when the answer comes (effect events).
  const lessonVocabulary = useEffectEvent(() => vocabulary);
  const fellBack = useEffectEvent((error: unknown) => {
    console.error('get-interleaved-words failed; using the lesson vocabulary', error);
    notify.error(t('flashcards.loadFailed'));
    return vocabulary;
  });
  const deal = useEffectEvent((chosen: readonly ApiWord[], before: number) => {
    setWords(chosen);
    setEarlier(before);
    setCards(newSession(chosen, before));
  });
  useEffect(() => {
    let active = true;
    const chosenWords = fetchInterleavedWords(lessonId)
      .then((fetched) => (fetched.length > 0 ? fetched : lessonVocabulary()))
      .catch(fellBack);
    void Promise.all([chosenWords, lessonSessionRound(userId, lessonId)]).then(
      ([chosen, before]) => {
        if (active) deal(chosen, before);
      },
    );
    return () => {
      active = false;
    };
  }, [lessonId, userId]);

  const onAnswer = useCallback(
    (card: Flashcard, correct: boolean) => {
      void recordWordResult(card.vocabularyId, correct, sessionId);
    },
    [sessionId],
  );

  const { restart } = save;
  const onFinished = useCallback(
    (result: SessionSummary) => {
      restart();
      setSummary(result);
    },
    [restart],
  );

  // A practice round of missed words is answered like any session, and saved as one without a
  // lesson (like a review): the lesson's pass was its own session.
  const onPracticeAnswer = useCallback((card: Flashcard, correct: boolean, practiceId: string) => {
    void recordWordResult(card.vocabularyId, correct, practiceId);
  }, []);
  const onPracticeFinished = useCallback((result: SessionSummary, practiceId: string) => {
    void saveFlashcardSession(practiceId, null, result.totalCards, result.correctAnswers).catch(
      (error: unknown) => console.error('Saving the practice round failed', error),
    );
  }, []);

  if (!cards) return <Spinner label={t('lesson.loadingFlashcards')} />;
  if (cards.length === 0) return <p className="muted">{t('flashcards.empty')}</p>;

  return (
    <div className="stack">
      {passed && (
        <Button variant="secondary" onClick={() => notify.info(t('flashcards.optionalReviewSoon'))}>
          {t('flashcards.reviewMore')}
        </Button>
      )}
      <FlashcardRound
        round={round}
        summary={summary}
        cards={cards}
        language={language}
        onAnswer={onAnswer}
        onFinished={onFinished}
        saveState={save.saveState}
        onSaveNow={save.saveNow}
        onPracticeAnswer={onPracticeAnswer}
        onPracticeFinished={onPracticeFinished}
        continueLabel={next.label}
        onContinue={next.go}
        notice={next.notice}
        onTryAgain={() => {
          setSummary(null);
          setCards(newSession(words, earlier + round + 1));
          setSessionId(newId());
          setRound((n) => n + 1);
        }}
      />
    </div>
  );
}
