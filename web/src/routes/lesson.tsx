import { useCallback, useMemo, useState, type ComponentProps } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { progressStrip } from '@magyarul/core/lessons';
import { saveAudioCompleted } from '../lib/api.ts';
import type { VocabularyRow } from '../lib/database.ts';
import { lessonTitle } from '../lib/lesson-texts.ts';
import { readBackendConfig } from '../lib/config.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { notify } from '../lib/toast.ts';
import { ButtonLink } from '../components/button.tsx';
import { LessonSkeleton, LoadError } from '../components/load-state.tsx';
import { LessonTabs, type LessonTabId } from '../components/lesson-tabs.tsx';
import { LessonFlashcards } from './lesson-flashcards.tsx';
import { PracticeTab } from '../practice/practice-tab.tsx';
import { LessonHeader, LessonMain } from './lesson-parts.tsx';
import { useLessonReads } from './lesson-reads.ts';
import { LessonAudio } from './lesson-audio.tsx';
import { useWordHelp } from '../tokens/use-word-help.ts';

export function LessonPage() {
  const { id = '' } = useParams();
  // A new lesson (e.g. after "Continue to Lesson n") starts with fresh state.
  return <LessonView key={id} id={id} />;
}

function LessonView({ id }: { id: string }) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const t = useT();
  const meaning = useMeaningLanguage();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<LessonTabId>('audio');
  const [audioSaved, setAudioSaved] = useState(false);
  const [passedNow, setPassedNow] = useState(false);
  const reads = useLessonReads(id, userId);

  const strip = progressStrip(reads.progress.data);
  const audioDone = audioSaved || strip.audio === 'complete';
  const passed = passedNow || strip.flashcards === 'complete';

  const onAudioComplete = useCallback(() => {
    if (audioDone) return;
    void saveAudioCompleted(id)
      .then(() => {
        setAudioSaved(true);
        notify.success(t('lesson.audioCompleted'));
        void queryClient.invalidateQueries({ queryKey: ['progress', userId] });
      })
      .catch((error: unknown) => {
        console.error('Saving audio progress failed', error);
        notify.error(t('lesson.progressSaveFailed'));
      });
  }, [audioDone, userId, id, t, queryClient]);

  if (reads.failed) {
    return (
      <LessonMain className="page narrow">
        <h1 className="visually-hidden">{t('lesson.loading')}</h1>
        <LoadError message={t('lesson.loadFailed')} onRetry={reads.retry}>
          <ButtonLink to="/dashboard" variant="secondary">
            {t('lesson.returnToDashboard')}
          </ButtonLink>
        </LoadError>
      </LessonMain>
    );
  }
  if (reads.pending || !meaning.ready || reads.locked) {
    return (
      <LessonMain className="page">
        <LessonSkeleton label={t('lesson.loading')} />
      </LessonMain>
    );
  }
  if (!reads.lesson.data) {
    return (
      <LessonMain className="page narrow center">
        <h1>{t('lesson.notFound')}</h1>
        <ButtonLink to="/dashboard">{t('lesson.returnToDashboard')}</ButtonLink>
      </LessonMain>
    );
  }
  const data = reads.lesson.data;
  const title = lessonTitle(data, meaning.language);

  return (
    <LessonMain className="page">
      <LessonHeader
        lesson={data}
        language={meaning.language}
        audioDone={audioDone}
        flashcards={passed ? 'complete' : audioDone ? 'ready' : 'locked'}
      />
      <LessonTabs
        label={title.text}
        audioDone={audioDone}
        passed={passed}
        active={tab}
        onChange={setTab}
      >
        {tab === 'practice' ? (
          <PracticeTab
            userId={userId}
            lesson={data}
            transcript={reads.transcript.data ?? []}
            vocabulary={reads.vocabulary.data ?? []}
            language={meaning.language}
            passed={passed}
          />
        ) : tab === 'audio' ? (
          <LessonAudioWithWords
            lesson={data}
            rows={reads.transcript.data ?? []}
            characters={reads.characters.data ?? []}
            notes={reads.notes.data ?? []}
            tokens={reads.tokens.data}
            vocabulary={reads.vocabulary.data ?? []}
            userId={userId}
            language={meaning.language}
            onComplete={onAudioComplete}
          />
        ) : (
          <LessonFlashcards
            lessonId={id}
            userId={userId}
            vocabulary={reads.vocabulary.data ?? []}
            language={meaning.language}
            passed={passed}
            onPassed={() => setPassedNow(true)}
          />
        )}
      </LessonTabs>
    </LessonMain>
  );
}

/** The Audio tab of the learner's lesson: every word of its lines explains itself (tap-a-word). */
function LessonAudioWithWords({
  vocabulary,
  userId,
  ...audio
}: Omit<ComponentProps<typeof LessonAudio>, 'wordHelp'> & {
  vocabulary: readonly VocabularyRow[];
  userId: string;
}) {
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const wordHelp = useWordHelp(userId, vocabulary, backendUrl);
  return <LessonAudio {...audio} wordHelp={wordHelp} />;
}
