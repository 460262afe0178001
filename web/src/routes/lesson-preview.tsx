import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fetchLesson, fetchTranscript, fetchVocabulary } from '../lib/api.ts';
import { fetchLessonCharacters, fetchLessonNotes } from '../lib/lesson-extras-api.ts';
import { lessonTitle } from '../lib/lesson-texts.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { ButtonLink } from '../components/button.tsx';
import { LessonSkeleton, LoadError } from '../components/load-state.tsx';
import { Tabs } from '../components/tabs.tsx';
import type { LessonTabId } from '../components/lesson-tabs.tsx';
import { LessonAudio } from './lesson-audio.tsx';
import { LessonHeader, LessonMain } from './lesson-parts.tsx';
import { PreviewFlashcards } from './preview-flashcards.tsx';

/**
 * /lesson/:id/preview: an admin sees any lesson (a draft, a lesson their own progress has not
 * reached) as a learner does, and nothing is recorded: no progress is read or written, the
 * audio's end only opens the flashcards here, answers and sessions are never sent. Learners are
 * refused: the page is for admins, and the server hides drafts from everyone else by RLS (and
 * refuses any progress on a lesson the learner has not reached).
 */
export function LessonPreviewPage() {
  const { id = '' } = useParams();
  const { role, roleLoading } = useAuth();
  const t = useT();
  if (roleLoading) {
    return (
      <LessonMain className="page">
        <LessonSkeleton label={t('lesson.loading')} />
      </LessonMain>
    );
  }
  if (role !== 'admin') return <PreviewRefused />;
  return <PreviewView key={id} id={id} />;
}

function PreviewRefused() {
  const t = useT();
  return (
    <LessonMain className="page narrow center">
      <h1>{t('lesson.notFound')}</h1>
      <p>{t('preview.adminsOnly')}</p>
      <ButtonLink to="/dashboard">{t('lesson.returnToDashboard')}</ButtonLink>
    </LessonMain>
  );
}

function PreviewView({ id }: { id: string }) {
  const t = useT();
  const meaning = useMeaningLanguage();
  const [tab, setTab] = useState<LessonTabId>('audio');
  const [audioDone, setAudioDone] = useState(false);
  const lesson = useQuery({ queryKey: ['lesson', id], queryFn: () => fetchLesson(id) });
  const transcript = useQuery({ queryKey: ['transcript', id], queryFn: () => fetchTranscript(id) });
  const vocabulary = useQuery({ queryKey: ['vocabulary', id], queryFn: () => fetchVocabulary(id) });
  const characters = useQuery({
    queryKey: ['characters', id],
    queryFn: () => fetchLessonCharacters(id),
  });
  const notes = useQuery({ queryKey: ['notes', id], queryFn: () => fetchLessonNotes(id) });
  const reads = [lesson, transcript, vocabulary, characters, notes];

  if (reads.some((read) => read.isError)) {
    return (
      <LessonMain className="page narrow">
        <h1 className="visually-hidden">{t('lesson.loading')}</h1>
        <LoadError
          message={t('lesson.loadFailed')}
          onRetry={() => reads.forEach((read) => void read.refetch())}
        />
      </LessonMain>
    );
  }
  if (reads.some((read) => read.isPending) || !meaning.ready) {
    return (
      <LessonMain className="page">
        <LessonSkeleton label={t('lesson.loading')} />
      </LessonMain>
    );
  }
  if (!lesson.data) {
    return (
      <LessonMain className="page narrow center">
        <h1>{t('lesson.notFound')}</h1>
        <ButtonLink to="/admin">{t('preview.backToAdmin')}</ButtonLink>
      </LessonMain>
    );
  }
  const data = lesson.data;
  return (
    <LessonMain className="page">
      <PreviewBanner lessonId={id} published={data.is_published} />
      <LessonHeader
        lesson={data}
        language={meaning.language}
        audioDone={audioDone}
        flashcards={audioDone ? 'ready' : 'locked'}
      />
      {/* The learner's tabs, but Flashcards is open from the start: an admin checks the cards
          without listening to the whole dialogue first. */}
      <Tabs
        label={lessonTitle(data, meaning.language).text}
        tabs={[
          { id: 'audio', label: t('lesson.tab.audio') },
          { id: 'flashcards', label: t('lesson.tab.flashcards') },
        ]}
        active={tab}
        onChange={setTab}
      >
        {tab === 'audio' ? (
          <LessonAudio
            lesson={data}
            rows={transcript.data ?? []}
            characters={characters.data ?? []}
            notes={notes.data ?? []}
            language={meaning.language}
            onComplete={() => setAudioDone(true)}
          />
        ) : (
          <PreviewFlashcards vocabulary={vocabulary.data ?? []} language={meaning.language} />
        )}
      </Tabs>
    </LessonMain>
  );
}

function PreviewBanner({ lessonId, published }: { lessonId: string; published: boolean }) {
  const t = useT();
  return (
    <aside className="preview-banner" aria-labelledby="preview-banner-title">
      <div>
        <p id="preview-banner-title" className="preview-banner-title">
          {t('preview.banner')}
        </p>
        <p className="small">
          {t('preview.bannerText')}{' '}
          {t('preview.status', {
            status: published ? t('lesson.status.published') : t('lesson.status.draft'),
          })}
        </p>
      </div>
      <ButtonLink to={`/admin/review/${encodeURIComponent(lessonId)}`} variant="secondary">
        {t('preview.openEditor')}
      </ButtonLink>
    </aside>
  );
}
