import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { lessonStatuses } from '@magyarul/core/lessons';
import {
  fetchAllProgress,
  fetchLesson,
  fetchLessonProgress,
  fetchPublishedLessons,
  fetchTranscript,
  fetchVocabulary,
} from '../lib/api.ts';
import { fetchLessonCharacters, fetchLessonNotes } from '../lib/lesson-extras-api.ts';
import type { LockedLessonState } from './dashboard.tsx';
import { fetchLessonTokens } from '../tokens/tokens-api.ts';

/**
 * Everything the lesson page reads: the lesson, its transcript (with its tokens), characters,
 * notes and words, the learner's progress in it, and the dashboard's reads, which say whether this
 * lesson is open for the learner (a locked lesson typed into the address bar sends them back to
 * the dashboard; the server refuses its progress anyway).
 */
export function useLessonReads(id: string, userId: string) {
  const navigate = useNavigate();
  const lesson = useQuery({ queryKey: ['lesson', id], queryFn: () => fetchLesson(id) });
  const transcript = useQuery({ queryKey: ['transcript', id], queryFn: () => fetchTranscript(id) });
  const vocabulary = useQuery({ queryKey: ['vocabulary', id], queryFn: () => fetchVocabulary(id) });
  const characters = useQuery({
    queryKey: ['characters', id],
    queryFn: () => fetchLessonCharacters(id),
  });
  const notes = useQuery({ queryKey: ['notes', id], queryFn: () => fetchLessonNotes(id) });
  // The words of the lines (tap-a-word): not needed to play the lesson, so a failed read leaves
  // the lines as plain text rather than failing the page.
  const tokens = useQuery({ queryKey: ['tokens', id], queryFn: () => fetchLessonTokens(id) });
  const progress = useQuery({
    queryKey: ['progress', userId, id],
    queryFn: () => fetchLessonProgress(userId, id),
  });
  const published = useQuery({
    queryKey: ['lessons', 'published'],
    queryFn: fetchPublishedLessons,
  });
  const allProgress = useQuery({
    queryKey: ['progress', userId, 'all'],
    queryFn: () => fetchAllProgress(userId),
  });
  const reads = [
    lesson,
    transcript,
    vocabulary,
    characters,
    notes,
    progress,
    published,
    allProgress,
  ];

  const status =
    published.data && allProgress.data
      ? lessonStatuses(published.data, allProgress.data).find((row) => row.lesson.id === id)
      : undefined;
  // Decided on fresh reads only: right after a pass the cached progress still has the lesson
  // before this one unfinished until its refetch lands.
  const locked = status?.status === 'locked' && !published.isFetching && !allProgress.isFetching;
  useEffect(() => {
    if (!locked) return;
    const state: LockedLessonState = {
      lockedLesson: { number: status.lesson.lesson_number ?? null },
    };
    void navigate('/dashboard', { replace: true, state });
  }, [locked, status, navigate]);

  return {
    lesson,
    transcript,
    vocabulary,
    characters,
    notes,
    tokens,
    progress,
    locked,
    failed: reads.some((read) => read.isError),
    pending: reads.some((read) => read.isPending),
    retry: () => {
      for (const read of reads) if (read.isError) void read.refetch();
    },
  };
}
