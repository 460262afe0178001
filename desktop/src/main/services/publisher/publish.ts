import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type {
  PublishItem,
  PublishProgress,
  PublishReport,
  PublishRequest,
} from '../../../shared/model.ts';
import { StudioFailure } from '../../dispatch.ts';
import type { Logger } from '../../dispatch.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonRow } from '../drafts/lessons-repo.ts';
import { audioContentType, hashJson, stableUuid } from './remote-ids.ts';

export const AUDIO_BUCKET = 'lesson-audio';

export type PublishDeps = {
  readonly onProgress: (progress: PublishProgress) => void;
  readonly log: Logger;
};

type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged'> };

function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

/** Rejects with the Supabase error; the caller turns it into a failed item. */
function check<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw new Error(errorText(result.error));
  return result.data;
}

/**
 * Builds the steps that bring one lesson to the server. Each step compares the content hash it
 * would send with the one stored in published_items and does nothing when they match; after a
 * success it stores the new hash. Server ids (lesson, rows) and object paths are fixed before
 * anything is sent, so a step repeated after a crash overwrites what it sent before.
 */
function lessonSteps(
  store: DraftsStore,
  client: SupabaseClient,
  lesson: LessonRow & { remote_id: string },
  status: 'draft' | 'published',
): Step[] {
  const remoteId = lesson.remote_id;
  const published = (item: string) => store.published.get(lesson.id, item);
  const remember = (item: string, contentHash: string, remoteRef: string) =>
    store.published.put(lesson.id, { item, contentHash, remoteRef });
  const audio = store.media.audioFiles(lesson.id);
  const objectPath = (file: (typeof audio)[number]) =>
    `lessons/${remoteId}/${file.role}/${file.content_hash.slice(0, 32)}${extname(file.file_name).toLowerCase()}`;
  const pathOf = new Map(audio.map((file) => [file.file_name, objectPath(file)]));
  const words = store.words.listForLesson(lesson.id);
  const neededAudio = audio.filter(
    (file) =>
      (file.role === 'dialogue' && file.file_name === lesson.dialogue_file) ||
      (file.role === 'vocabulary' && words.some((word) => word.audioFile === file.file_name)),
  );

  // What the server really holds, read once per lesson: a local record alone is not proof (a
  // backend that crashed may have lost a write it had acknowledged), so an item is skipped only
  // when its hash matches AND the server still has it.
  let remote: Promise<{
    objects: Set<string>;
    lesson: boolean;
    transcript: number;
    vocabulary: number;
  }> | null = null;
  const server = () =>
    (remote ??= (async () => {
      const objects = new Set<string>();
      for (const role of ['dialogue', 'vocabulary']) {
        const folder = `lessons/${remoteId}/${role}`;
        const listed = check(
          await client.storage.from(AUDIO_BUCKET).list(folder, { limit: 10_000 }),
        );
        for (const object of listed ?? []) objects.add(`${folder}/${object.name}`);
      }
      const count = async (table: 'lesson_transcript' | 'lesson_vocabulary') =>
        (
          await client
            .from(table)
            .select('id', { count: 'exact', head: true })
            .eq('lesson_id', remoteId)
        ).count ?? 0;
      const lessonRow = check(await client.from('lessons').select('id').eq('id', remoteId));
      return {
        objects,
        lesson: lessonRow?.length === 1,
        transcript: await count('lesson_transcript'),
        vocabulary: await count('lesson_vocabulary'),
      };
    })());

  const uploads: Step[] = neededAudio.map((file) => {
    const item = `audio:${file.file_name.normalize('NFC')}`;
    return {
      item,
      run: async () => {
        const path = objectPath(file);
        const before = published(item);
        if (before?.contentHash === file.content_hash && before.remoteRef === path)
          return 'unchanged';
        const bytes = await readFile(join(lesson.folder, file.file_name));
        check(
          await client.storage.from(AUDIO_BUCKET).upload(path, bytes, {
            contentType: audioContentType(extname(file.file_name)),
            upsert: true,
          }),
        );
        // The content changed: the object under the old hash is now an orphan.
        if (before && before.remoteRef !== path) {
          check(await client.storage.from(AUDIO_BUCKET).remove([before.remoteRef]));
        }
        remember(item, file.content_hash, path);
        return 'uploaded';
      },
    };
  });

  const lessonStep: Step = {
    item: 'lesson',
    run: async () => {
      const dialoguePath = lesson.dialogue_file ? pathOf.get(lesson.dialogue_file) : undefined;
      const row = {
        id: remoteId,
        lesson_number: lesson.lesson_number,
        title: lesson.title.normalize('NFC').trim(),
        description: lesson.description.normalize('NFC') || null,
        level: lesson.level,
        topic: lesson.topic.normalize('NFC') || null,
        duration: lesson.duration_seconds === null ? null : Math.round(lesson.duration_seconds),
        audio_url: dialoguePath
          ? client.storage.from(AUDIO_BUCKET).getPublicUrl(dialoguePath).data.publicUrl
          : null,
        is_published: status === 'published',
      };
      const contentHash = hashJson(row);
      if (published('lesson')?.contentHash === contentHash && (await server()).lesson) {
        return 'unchanged';
      }
      check(await client.from('lessons').upsert(row, { onConflict: 'id' }));
      remember('lesson', contentHash, remoteId);
      store.lessons.setRemote(lesson.id, remoteId, status);
      return 'uploaded';
    },
  };

  const transcriptStep: Step = {
    item: 'transcript',
    run: async () => {
      const rows = store.lines.listForLesson(lesson.id).map((line, index) => {
        const startTime = line.startTime ?? index * 5;
        return {
          id: stableUuid(remoteId, 'line', line.lineNumber),
          lesson_id: remoteId,
          line_number: line.lineNumber,
          speaker: line.speaker,
          text_content: line.text.normalize('NFC'),
          start_time: startTime,
          end_time: line.endTime ?? startTime + 4,
        };
      });
      const contentHash = hashJson(rows);
      if (
        published('transcript')?.contentHash === contentHash &&
        (await server()).transcript === rows.length
      ) {
        return 'unchanged';
      }
      // Upsert by fixed ids first, then drop lines past the end: the server is never empty.
      if (rows.length > 0)
        check(await client.from('lesson_transcript').upsert(rows, { onConflict: 'id' }));
      check(
        await client
          .from('lesson_transcript')
          .delete()
          .eq('lesson_id', remoteId)
          .gt('line_number', rows.length),
      );
      remember('transcript', contentHash, remoteId);
      return 'uploaded';
    },
  };

  const vocabularyStep: Step = {
    item: 'vocabulary',
    run: async () => {
      const rows = words.map((word) => ({
        id: stableUuid(remoteId, 'word', word.position),
        lesson_id: remoteId,
        word_hu: word.wordHu.normalize('NFC'),
        word_en: word.wordEn.normalize('NFC'),
        difficulty: word.difficulty,
        audio_file_path: word.audioFile ? (pathOf.get(word.audioFile) ?? null) : null,
      }));
      const contentHash = hashJson(rows);
      if (
        published('vocabulary')?.contentHash === contentHash &&
        (await server()).vocabulary === rows.length
      ) {
        return 'unchanged';
      }
      if (rows.length > 0)
        check(await client.from('lesson_vocabulary').upsert(rows, { onConflict: 'id' }));
      const keep = rows.map((row) => row.id);
      const stale = client.from('lesson_vocabulary').delete().eq('lesson_id', remoteId);
      check(await (keep.length > 0 ? stale.not('id', 'in', `(${keep.join(',')})`) : stale));
      remember('vocabulary', contentHash, remoteId);
      return 'uploaded';
    },
  };

  return [...uploads, lessonStep, transcriptStep, vocabularyStep];
}

/**
 * Signs in as the author (an admin) and publishes the chosen drafts. Items are reported one by
 * one; a failing item fails the rest of its lesson (they depend on it) but not other lessons.
 * Running it again after any failure finishes the job: nothing already sent is sent twice.
 */
export async function publishLessons(
  store: DraftsStore,
  request: PublishRequest,
  deps: PublishDeps,
): Promise<PublishReport> {
  const client = createClient(request.url, request.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const signIn = await client.auth.signInWithPassword({
    email: request.email,
    password: request.password,
  });
  if (signIn.error) throw new StudioFailure('sign-in-failed', signIn.error.message);

  const plans = request.lessonIds.map((lessonId) => {
    const lesson = store.lessons.get(lessonId);
    if (!lesson) return { lessonId, steps: null };
    if (lesson.remote_id === null) store.lessons.assignRemoteId(lessonId, randomUUID());
    const withId = store.lessons.get(lessonId) as LessonRow & { remote_id: string };
    return { lessonId, steps: lessonSteps(store, client, withId, request.status) };
  });
  const total = plans.reduce((sum, plan) => sum + (plan.steps?.length ?? 1), 0);
  const items: PublishItem[] = [];
  const report = (item: PublishItem): void => {
    items.push(item);
    deps.onProgress({ done: items.length, total, item });
  };

  for (const { lessonId, steps } of plans) {
    if (!steps) {
      report({ lessonId, item: 'lesson', state: 'failed', message: 'Lesson not found.' });
      continue;
    }
    let failure: string | null = null;
    for (const step of steps) {
      if (failure !== null) {
        report({ lessonId, item: step.item, state: 'failed', message: failure });
        continue;
      }
      try {
        report({ lessonId, item: step.item, state: await step.run(), message: null });
      } catch (error) {
        failure = errorText(error);
        deps.log('publish step failed', { lessonId, item: step.item, error: failure });
        report({ lessonId, item: step.item, state: 'failed', message: failure });
      }
    }
  }
  await client.auth.signOut().catch(() => undefined);
  return { items, failed: items.filter((item) => item.state === 'failed').length };
}
