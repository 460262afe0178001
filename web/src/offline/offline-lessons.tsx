import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lessonStatuses } from '@magyarul/core/lessons';
import { fetchAllProgress, fetchPublishedLessons, type LessonSummary } from '../lib/api.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { notify } from '../lib/toast.ts';
import { lessonTitle, type LessonTitles } from '../lib/lesson-texts.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { MeaningText } from '../components/meaning-text.tsx';
import { Button } from '../components/button.tsx';
import { downloadLesson, removeDownload } from './download.ts';
import { listDownloads, type DownloadRecord } from './downloads.ts';
import { formatSize } from './format-size.ts';
import { flushQueue, onQueueChange, pendingSteps } from './queue.ts';
import { useOnline } from './online.ts';
import './offline.css';

// The dashboard's "Offline lessons" card (issue 13 point 5): the lessons the learner can open,
// each with Download or, once downloaded, its size and Remove; the space all downloads take;
// whether the device is offline and how many steps wait to be sent.

/** How many progress steps of the learner wait in the queue, kept current. */
export function usePendingCount(userId: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let active = true;
    const refresh = () => {
      pendingSteps(userId)
        .then((steps) => active && setCount(steps.length))
        .catch(() => undefined);
    };
    refresh();
    const stop = onQueueChange(refresh);
    window.addEventListener('online', refresh);
    return () => {
      active = false;
      stop();
      window.removeEventListener('online', refresh);
    };
  }, [userId]);
  return count;
}

function offlineSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'caches' in window &&
    'indexedDB' in window
  );
}

export function OfflineLessons({ userId }: { userId: string }) {
  const { t, language } = useI18n();
  const format = useFormat();
  const queryClient = useQueryClient();
  const online = useOnline();
  const pending = usePendingCount(userId);
  const [busy, setBusy] = useState<string | null>(null);
  const meaning = useMeaningLanguage().language;
  const lessons = useQuery({ queryKey: ['lessons', 'published'], queryFn: fetchPublishedLessons });
  const progress = useQuery({
    queryKey: ['progress', userId, 'all'],
    queryFn: () => fetchAllProgress(userId),
    enabled: userId !== '',
  });
  const downloads = useQuery({
    queryKey: ['offline', 'downloads', userId],
    queryFn: () => listDownloads(userId),
    enabled: userId !== '' && offlineSupported(),
    networkMode: 'always',
  });

  // Back online: send what waits, then show the server's figures.
  useEffect(() => {
    if (!online) return;
    void flushQueue().then(() => queryClient.invalidateQueries({ queryKey: ['progress', userId] }));
  }, [online, userId, queryClient]);
  useEffect(
    () =>
      onQueueChange(() => void queryClient.invalidateQueries({ queryKey: ['progress', userId] })),
    [userId, queryClient],
  );

  /** "3. Title" in the learner's language (English where it has none), for labels and toasts. */
  const label = useCallback(
    (lesson: LessonTitles & { readonly lesson_number: number | null }) => {
      const title = lessonTitle(lesson, meaning).text;
      return lesson.lesson_number !== null
        ? `${format.number(lesson.lesson_number)}. ${title}`
        : title;
    },
    [format, meaning],
  );
  /** The same as the row shows it: the title with the EN tag where English stands in. */
  const rowTitle = (lesson: LessonTitles & { readonly lesson_number: number | null }) => (
    <span className="offline-row-title">
      {lesson.lesson_number !== null && `${format.number(lesson.lesson_number)}. `}
      <MeaningText meaning={lessonTitle(lesson, meaning)} learnerLanguage={meaning} />
    </span>
  );

  const onDownload = async (lesson: LessonSummary) => {
    setBusy(lesson.id);
    try {
      await downloadLesson(userId, lesson.id);
      notify.success(t('offline.ready', { title: label(lesson) }));
    } catch (error) {
      console.error('Downloading the lesson failed', error);
      notify.error(t('offline.downloadFailed'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['offline', 'downloads', userId] });
    }
  };

  const onRemove = async (record: DownloadRecord, title: string) => {
    setBusy(record.lessonId);
    try {
      await removeDownload(userId, record.lessonId);
      notify.success(t('offline.removed', { title }));
    } catch (error) {
      console.error('Removing the download failed', error);
      notify.error(t('offline.removeFailed'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['offline', 'downloads', userId] });
    }
  };

  const byLesson = new Map((downloads.data ?? []).map((d) => [d.lessonId, d]));
  const openLessons = lessonStatuses(lessons.data ?? [], progress.data ?? [])
    .filter(({ lesson, status }) => status !== 'locked' || byLesson.has(lesson.id))
    .map(({ lesson }) => lesson);
  // Downloads of lessons no longer in the list (unpublished since) can still be removed.
  const listed = new Set(openLessons.map((l) => l.id));
  const orphans = (downloads.data ?? []).filter((d) => !listed.has(d.lessonId));
  const totalBytes = (downloads.data ?? []).reduce((sum, d) => sum + d.audioBytes + d.dataBytes, 0);

  return (
    <section className="card offline-card" aria-labelledby="offline-title">
      <h2 id="offline-title">{t('offline.title')}</h2>
      <p className="muted">{t('offline.intro')}</p>
      <div role="status" className="offline-status">
        {!online && <p className="offline-banner">{t('offline.offlineNow')}</p>}
        {pending > 0 && (
          <p className="offline-pending">{t('offline.pending', { n: format.number(pending) })}</p>
        )}
      </div>
      {!offlineSupported() ? (
        <p>{t('offline.unsupported')}</p>
      ) : (
        <>
          {openLessons.length === 0 && orphans.length === 0 ? (
            <p className="muted">{t('offline.nothingOpen')}</p>
          ) : (
            <ul className="offline-list">
              {openLessons.map((lesson) => {
                const record = byLesson.get(lesson.id);
                const title = label(lesson);
                return (
                  <li key={lesson.id} className="offline-row">
                    {rowTitle(lesson)}
                    {record ? (
                      <DownloadedCopy
                        record={record}
                        title={title}
                        disabled={busy !== null}
                        onRemove={() => void onRemove(record, title)}
                      />
                    ) : (
                      <Button
                        variant="secondary"
                        disabled={busy !== null || !online}
                        aria-label={t('offline.downloadLabel', { title })}
                        onClick={() => void onDownload(lesson)}
                      >
                        {busy === lesson.id ? t('offline.downloading') : t('offline.download')}
                      </Button>
                    )}
                  </li>
                );
              })}
              {orphans.map((record) => {
                const titled = { ...record, lesson_number: record.lessonNumber };
                const title = label(titled);
                return (
                  <li key={record.lessonId} className="offline-row">
                    {rowTitle(titled)}
                    <DownloadedCopy
                      record={record}
                      title={title}
                      disabled={busy !== null}
                      onRemove={() => void onRemove(record, title)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <p className="muted small offline-space">
            {(downloads.data ?? []).length === 0
              ? t('offline.none')
              : t('offline.spaceUsed', { size: formatSize(totalBytes, language) })}
          </p>
        </>
      )}
    </section>
  );
}

/** A lesson stored on this device: its size and the button that removes it. */
function DownloadedCopy({
  record,
  title,
  disabled,
  onRemove,
}: {
  record: DownloadRecord;
  title: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t, language } = useI18n();
  return (
    <>
      <span className="offline-row-size muted small">
        {t('offline.downloaded', {
          size: formatSize(record.audioBytes + record.dataBytes, language),
        })}
      </span>
      <Button
        variant="secondary"
        disabled={disabled}
        aria-label={t('offline.removeLabel', { title })}
        onClick={onRemove}
      >
        {t('offline.remove')}
      </Button>
    </>
  );
}
