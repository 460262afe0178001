import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Level, Speaker } from '@magyarul/core/enums';
import { LESSON_AUDIO_BUCKET as AUDIO_BUCKET } from '@magyarul/core/lessons';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonRow } from '../drafts/lessons-repo.ts';
import { audioContentType, hashJson, stableUuid } from './remote-ids.ts';
import type { StudioClient } from './session.ts';

export { AUDIO_BUCKET };

export type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged' | 'removed'> };

export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

/** Rejects with the Supabase error; the caller turns it into a failed item. */
export function check<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw new Error(errorText(result.error));
  return result.data;
}

/** '' (missing) travels as null: the server keeps missing translations null, never blank. */
const orNull = (text: string): string | null => {
  const clean = text.normalize('NFC').trim();
  return clean === '' ? null : clean;
};

/**
 * Row ids for `count` rows: the server's own id where it already has a row for the same key
 * (rows the web editor made, when a draft updates a lesson in place), else an id derived from
 * the lesson and position, never one already given out.
 */
function rowIds(
  keys: readonly string[],
  serverRows: readonly { id: string; key: string }[],
  fallback: (index: number, attempt: number) => string,
): string[] {
  const free = [...serverRows];
  const taken = new Set<string>();
  const ids = keys.map((key) => {
    const index = free.findIndex((row) => row.key === key);
    if (index < 0) return null;
    const [row] = free.splice(index, 1);
    taken.add(row?.id ?? '');
    return row?.id ?? null;
  });
  return ids.map((id, index) => {
    if (id !== null) return id;
    let attempt = 0;
    let candidate = fallback(index, attempt);
    while (taken.has(candidate)) candidate = fallback(index, ++attempt);
    taken.add(candidate);
    return candidate;
  });
}

/**
 * Builds the steps that bring one lesson to the server. Each step compares the content hash it
 * would send with the one stored in published_items and does nothing when they match; after a
 * success it stores the new hash. Server ids (lesson, rows) and object paths are fixed before
 * anything is sent, so a step repeated after a crash overwrites what it sent before.
 */
export function lessonSteps(
  store: DraftsStore,
  client: StudioClient,
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
  const lessonObjects = async () => {
    const objects = new Set<string>();
    for (const role of ['dialogue', 'vocabulary']) {
      const folder = `lessons/${remoteId}/${role}`;
      const listed = check(await client.storage.from(AUDIO_BUCKET).list(folder, { limit: 10_000 }));
      for (const object of listed ?? []) objects.add(`${folder}/${object.name}`);
    }
    return objects;
  };
  const server = () =>
    (remote ??= (async () => {
      const objects = await lessonObjects();
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
        if (
          before?.contentHash === file.content_hash &&
          before.remoteRef === path &&
          (await server()).objects.has(path)
        ) {
          return 'unchanged';
        }
        const bytes = await readFile(join(lesson.folder, file.file_name));
        check(
          await client.storage.from(AUDIO_BUCKET).upload(path, bytes, {
            contentType: audioContentType(extname(file.file_name)),
            upsert: true,
          }),
        );
        // An object under an older hash stays until the rows point here (oldAudioStep).
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
      const lines = store.lines.listForLesson(lesson.id);
      // The checks let no untimed line through; times are sent as they are, never made up.
      const content = lines.map((line) => ({
        line_number: line.lineNumber,
        // Preflight refuses an unknown speaker (check-unknown-speaker); the enum refuses it too.
        speaker: line.speaker as Speaker,
        text_content: line.text.normalize('NFC'),
        start_time: line.startTime,
        end_time: line.endTime,
        translation_en: orNull(line.translationEn),
        translation_de: orNull(line.translationDe),
        translation_es: orNull(line.translationEs),
      }));
      const contentHash = hashJson(content);
      if (
        published('transcript')?.contentHash === contentHash &&
        (await server()).transcript === content.length
      ) {
        return 'unchanged';
      }
      const existing = check(
        await client.from('lesson_transcript').select('id, line_number').eq('lesson_id', remoteId),
      ) as { id: string; line_number: number }[];
      const ids = rowIds(
        content.map((row) => String(row.line_number)),
        existing.map((row) => ({ id: row.id, key: String(row.line_number) })),
        (index, attempt) =>
          stableUuid(remoteId, 'line', index + 1, ...(attempt > 0 ? [attempt] : [])),
      );
      const rows = content.map((row, i) => ({ id: ids[i] ?? '', lesson_id: remoteId, ...row }));
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
      const content = words.map((word) => ({
        word_hu: word.wordHu.normalize('NFC'),
        word_en: word.wordEn.normalize('NFC'),
        word_de: orNull(word.wordDe),
        word_es: orNull(word.wordEs),
        // The importer lets only core's levels in (parseVocabularyCsv); the enum refuses others.
        difficulty: word.difficulty as Level,
        audio_file_path: word.audioFile ? (pathOf.get(word.audioFile) ?? null) : null,
      }));
      const contentHash = hashJson(content);
      if (
        published('vocabulary')?.contentHash === contentHash &&
        (await server()).vocabulary === content.length
      ) {
        return 'unchanged';
      }
      const existing = check(
        await client.from('lesson_vocabulary').select('id, word_hu').eq('lesson_id', remoteId),
      ) as { id: string; word_hu: string }[];
      const ids = rowIds(
        content.map((row) => row.word_hu.toLocaleLowerCase('hu')),
        existing.map((row) => ({ id: row.id, key: row.word_hu.toLocaleLowerCase('hu') })),
        (index, attempt) =>
          stableUuid(remoteId, 'word', index + 1, ...(attempt > 0 ? [attempt] : [])),
      );
      const rows = content.map((row, i) => ({ id: ids[i] ?? '', lesson_id: remoteId, ...row }));
      if (rows.length > 0)
        check(await client.from('lesson_vocabulary').upsert(rows, { onConflict: 'id' }));
      const stale = client.from('lesson_vocabulary').delete().eq('lesson_id', remoteId);
      check(await (ids.length > 0 ? stale.not('id', 'in', `(${ids.join(',')})`) : stale));
      remember('vocabulary', contentHash, remoteId);
      return 'uploaded';
    },
  };

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
      check(await client.storage.from(AUDIO_BUCKET).remove(unused));
      return 'removed';
    },
  };

  return [...uploads, lessonStep, transcriptStep, vocabularyStep, oldAudioStep];
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
  check(await client.storage.from(AUDIO_BUCKET).remove(uploads.map((item) => item.remoteRef)));
  for (const item of uploads) store.published.remove(lessonId, item.item);
}
