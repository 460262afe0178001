import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { LESSON_DRAFTS_BUCKET, draftObjectName } from '@magyarul/core/files';
import { AUDIO_BUCKET, lessonAudio } from './audio-paths.ts';
import type { LessonComparison, LinkedLesson } from './lesson-compare.ts';
import { publicationSteps } from './lesson-files.ts';
import { audioContentType } from './remote-ids.ts';
import { check } from './results.ts';
import { rowSteps } from './row-steps.ts';
import type { WordAnalyser } from './token-step.ts';
import { tokenStep } from './token-step.ts';
import type { StudioClient } from './session.ts';

export { AUDIO_BUCKET };

export type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged' | 'removed'> };

/**
 * Builds the steps that bring one lesson to the server: its recordings (each compared by
 * content hash with the one stored in published_items, and skipped when it matches AND the
 * server still has the object), then its rows as `comparison` says (row-steps.ts), then the
 * words of its lines with their word times (token-step.ts), then the
 * removal of recordings nothing plays any more. Server ids and object paths are fixed before
 * anything is sent, so a step repeated after a crash overwrites what it sent before.
 */
export function lessonSteps(
  store: DraftsStore,
  client: StudioClient,
  lesson: LinkedLesson,
  comparison: LessonComparison,
  isPublished: boolean,
  analyser: WordAnalyser,
): Step[] {
  const remoteId = lesson.remote_id;
  const published = (item: string) => store.published.get(lesson.id, item);
  const remember = (item: string, contentHash: string, remoteRef: string) =>
    store.published.put(lesson.id, { item, contentHash, remoteRef });
  const { objectPath, needed: neededAudio } = lessonAudio(store, lesson);

  // The objects the server really holds, listed once per lesson: a local record alone is not
  // proof (a backend that crashed may have lost a write it had acknowledged). The recordings
  // live in the private lesson-drafts bucket under their public name (lesson-files.ts); the
  // set holds the public names.
  const drafts = () => client.storage.from(LESSON_DRAFTS_BUCKET);
  let listed: Promise<Set<string>> | null = null;
  const lessonObjects = async () => {
    const objects = new Set<string>();
    for (const role of ['dialogue', 'vocabulary']) {
      const folder = `lessons/${remoteId}/${role}`;
      const found = check(
        await drafts().list(draftObjectName(AUDIO_BUCKET, folder), { limit: 10_000 }),
      );
      for (const object of found ?? []) objects.add(`${folder}/${object.name}`);
    }
    return objects;
  };

  const uploads: Step[] = neededAudio.map((file) => {
    const item = `audio:${file.file_name.normalize('NFC')}`;
    return {
      item,
      run: async () => {
        const path = objectPath(file);
        const before = published(item);
        if (
          before?.contentHash === file.content_hash &&
          before.remoteRef === path &&
          (await (listed ??= lessonObjects())).has(path)
        ) {
          return 'unchanged';
        }
        const bytes = await readFile(join(lesson.folder, file.file_name));
        check(
          await drafts().upload(draftObjectName(AUDIO_BUCKET, path), bytes, {
            contentType: audioContentType(bytes),
            upsert: true,
          }),
        );
        // An object under an older hash stays until the rows point here (oldAudioStep).
        remember(item, file.content_hash, path);
        return 'uploaded';
      },
    };
  });

  // Last, once the rows point at the new objects: the lesson's objects nothing plays any more
  // (an older recording of a file, a file the lesson dropped). Deleting them earlier would leave
  // the live lesson pointing at a missing file if the run stopped half-way; a run that stops
  // before this step leaves them for the next run, which lists the folders afresh.
  const oldAudioStep: Step = {
    item: 'old audio',
    run: async () => {
      const needed = new Set(neededAudio.map(objectPath));
      // What the server's rows name stays too, whoever set it: never delete what a row plays.
      const lessonRow = check(
        await client.from('lessons').select('audio_url').eq('id', remoteId),
      ) as { audio_url: string | null }[];
      const wordRows = check(
        await client.from('lesson_vocabulary').select('audio_file_path').eq('lesson_id', remoteId),
      ) as { audio_file_path: string | null }[];
      const named = [
        ...lessonRow.map((row) => row.audio_url ?? ''),
        ...wordRows.map((row) => row.audio_file_path ?? ''),
      ];
      const unused = [...(await lessonObjects())].filter(
        (path) =>
          !needed.has(path) && !named.some((ref) => ref === path || ref.endsWith(`/${path}`)),
      );
      for (const record of store.published.list(lesson.id)) {
        if (record.item.startsWith('audio:') && !needed.has(record.remoteRef)) {
          store.published.remove(lesson.id, record.item);
        }
      }
      if (unused.length === 0) return 'unchanged';
      check(await drafts().remove(unused.map((path) => draftObjectName(AUDIO_BUCKET, path))));
      check(await client.storage.from(AUDIO_BUCKET).remove(unused));
      return 'removed';
    },
  };

  const publication = publicationSteps(client, remoteId, isPublished);
  return [
    ...uploads,
    ...publication.before,
    ...rowSteps(store, client, lesson, comparison, isPublished),
    tokenStep(store, client, lesson, comparison.tokens.choices, analyser),
    ...publication.after,
    oldAudioStep,
  ];
}

/**
 * After a lesson failed before its row reached the server: the audio this draft uploaded for
 * it belongs to no lesson, so it is removed (and forgotten, to be sent again next time).
 */
export async function removeOrphanedUploads(
  store: DraftsStore,
  client: StudioClient,
  lessonId: number,
  remoteId: string,
): Promise<void> {
  const row = check(await client.from('lessons').select('id').eq('id', remoteId));
  if ((row?.length ?? 0) > 0) return;
  const uploads = store.published.list(lessonId).filter((item) => item.item.startsWith('audio:'));
  if (uploads.length === 0) return;
  const paths = uploads.map((item) => item.remoteRef);
  check(
    await client.storage
      .from(LESSON_DRAFTS_BUCKET)
      .remove(paths.map((path) => draftObjectName(AUDIO_BUCKET, path))),
  );
  check(await client.storage.from(AUDIO_BUCKET).remove(paths));
  for (const item of uploads) store.published.remove(lessonId, item.item);
}
