import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mulberry32 } from '@magyarul/core/flashcards';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import type { LessonRow, TranscriptRow, VocabularyRow } from '../lib/database.ts';
import { readBackendConfig } from '../lib/config.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from '../components/button.tsx';
import { LoadError, SkeletonRows } from '../components/load-state.tsx';
import type { CardResult } from './card-result.ts';
import { lessonPracticeRows, practiceOrder } from './lesson-practice.ts';
import { fetchLessonPracticeRows, pendingFor, recordPracticeAnswer } from './practice-api.ts';
import { practiceCards } from './practice-cards.ts';
import type { PracticeCard } from './practice-cards.ts';
import { PracticeFinished } from './practice-finished.tsx';
import { PracticeKinds, type PracticeKind } from './practice-kinds.tsx';
import { PracticePlayer, type PracticeSummary } from './practice-player.tsx';
import './practice.css';

/** Cards in one round of one kind. */
export const ROUND_SIZE = 10;

type Stage =
  | { readonly kind: 'choose' }
  | {
      readonly kind: 'run';
      readonly practice: PracticeKind;
      readonly cards: readonly PracticeCard[];
    }
  | { readonly kind: 'done'; readonly practice: PracticeKind; readonly summary: PracticeSummary };

/**
 * A lesson's third tab (open once its flashcards are passed): dictation and "Say it" of its
 * lines, recall and listening of its words once recognised. Works offline for a downloaded
 * lesson: the rows are the lesson's own, the learner's state is kept with the download, and
 * answers go through the queue.
 */
export function PracticeTab({
  userId,
  lesson,
  transcript,
  vocabulary,
  language,
  passed,
}: {
  userId: string;
  lesson: LessonRow;
  transcript: readonly TranscriptRow[];
  vocabulary: readonly VocabularyRow[];
  language: MeaningLanguage;
  passed: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const rows = useQuery({
    queryKey: ['practice', userId, lesson.id],
    queryFn: async () => {
      const [stored, pending] = await Promise.all([
        fetchLessonPracticeRows(userId, lesson.id),
        pendingFor(userId),
      ]);
      return lessonPracticeRows({ lesson, transcript, vocabulary, stored, pending, passed });
    },
    enabled: userId !== '' && passed,
  });
  // The order and the options are drawn once per read of the rows.
  const readAt = rows.dataUpdatedAt;
  const cards = useMemo(
    () =>
      practiceCards(practiceOrder(rows.data ?? [], new Date(readAt)), {
        language,
        backendUrl,
        random: mulberry32(readAt >>> 0),
      }),
    [rows.data, readAt, language, backendUrl],
  );

  const onAnswer = useCallback((result: CardResult) => {
    void recordPracticeAnswer({ ...result.answer, sessionId: null });
  }, []);
  const onFinished = useCallback(
    (summary: PracticeSummary) => {
      setStage((current) =>
        current.kind === 'run' ? { kind: 'done', practice: current.practice, summary } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['practice', userId, lesson.id] });
      void queryClient.invalidateQueries({ queryKey: ['skills', userId] });
    },
    [queryClient, userId, lesson.id],
  );

  if (!passed) return <p className="card">{t('practice.locked')}</p>;
  if (rows.isError) {
    return <LoadError message={t('practice.loadFailed')} onRetry={() => void rows.refetch()} />;
  }
  if (rows.isPending) return <SkeletonRows rows={4} label={t('app.loading')} />;

  if (stage.kind === 'run') {
    return (
      <PracticePlayer
        cards={stage.cards}
        language={language}
        onAnswer={onAnswer}
        onFinished={onFinished}
      />
    );
  }
  if (stage.kind === 'done') {
    const again = cards.filter((c) => c.skill === stage.practice).slice(0, ROUND_SIZE);
    return (
      <PracticeFinished summary={stage.summary}>
        <Button
          disabled={again.length === 0}
          onClick={() => setStage({ kind: 'run', practice: stage.practice, cards: again })}
        >
          {t('practice.again')}
        </Button>
        <Button variant="secondary" onClick={() => setStage({ kind: 'choose' })}>
          {t('practice.backToPractice')}
        </Button>
      </PracticeFinished>
    );
  }
  return (
    <PracticeKinds
      cards={cards}
      now={readAt}
      onStart={(practice) =>
        setStage({
          kind: 'run',
          practice,
          cards: cards.filter((c) => c.skill === practice).slice(0, ROUND_SIZE),
        })
      }
    />
  );
}
