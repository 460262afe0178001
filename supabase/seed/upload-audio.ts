// Uploads the demo MP3s to a hosted Supabase project's lesson-audio bucket (upsert), so the
// paths written by supabase/seed.sql resolve to real files.
//
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service key> \
//     npx tsx supabase/seed/upload-audio.ts
//
// The service-role key bypasses Storage RLS: keep it out of the browser and out of git.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUDIO_BUCKET,
  AUDIO_DIR,
  distinctWords,
  lessonAudioFile,
  lessonObjectName,
  naturalLessonAudioFile,
  naturalLessonObjectName,
  slowLessonAudioFile,
  slowLessonObjectName,
  wordAudioFile,
  wordObjectName,
} from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';

export type UploadOptions = {
  /** Project URL, e.g. https://abcd.supabase.co (no trailing slash needed). */
  url: string;
  /** Service-role key (legacy JWT or sb_secret_…). */
  serviceKey: string;
  /** Called after each upload (progress output). */
  onUploaded?: (name: string, bytes: number) => void;
};

/** Every MP3 of the seed with its object name in the lesson-audio bucket. */
export function seedAudioFiles(): { name: string; file: string }[] {
  return [
    ...LESSONS.flatMap((l) => [
      {
        name: lessonObjectName(l.number),
        file: join(AUDIO_DIR, 'lessons', lessonAudioFile(l.number)),
      },
      {
        name: slowLessonObjectName(l.number),
        file: join(AUDIO_DIR, 'lessons', slowLessonAudioFile(l.number)),
      },
      {
        name: naturalLessonObjectName(l.number),
        file: join(AUDIO_DIR, 'lessons', naturalLessonAudioFile(l.number)),
      },
    ]),
    ...distinctWords().map((w) => ({
      name: wordObjectName(w.hu),
      file: join(AUDIO_DIR, 'words', wordAudioFile(w.hu)),
    })),
  ];
}

/** Uploads (or overwrites) every seed MP3; returns how many were stored. */
export async function uploadAudio(options: UploadOptions): Promise<number> {
  const base = options.url.replace(/\/+$/, '');
  let uploaded = 0;
  for (const { name, file } of seedAudioFiles()) {
    const bytes = readFileSync(file);
    const path = name.split('/').map(encodeURIComponent).join('/');
    const res = await fetch(`${base}/storage/v1/object/${AUDIO_BUCKET}/${path}`, {
      method: 'POST',
      headers: {
        apikey: options.serviceKey,
        authorization: `Bearer ${options.serviceKey}`,
        'content-type': 'audio/mpeg',
        'cache-control': 'max-age=3600',
        'x-upsert': 'true',
      },
      body: bytes,
    });
    if (!res.ok) {
      throw new Error(`upload of ${name} failed: ${res.status} ${await res.text()}`);
    }
    uploaded += 1;
    options.onUploaded?.(name, bytes.byteLength);
  }
  return uploaded;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.SUPABASE_URL;
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !serviceKey) {
    console.error('Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (see supabase/seed/README.md).');
    process.exit(1);
  }
  const count = await uploadAudio({
    url,
    serviceKey,
    onUploaded: (name, bytes) => console.log(`${name} (${bytes} bytes)`),
  });
  console.log(`uploaded ${count} files to ${AUDIO_BUCKET}`);
}
