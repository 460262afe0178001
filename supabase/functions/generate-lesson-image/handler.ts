// generate-lesson-image (admins): body { lessonTitle, lessonDescription?, lessonLevel?,
// transcriptPreview? } → { imageUrl, path }. By default draws a deterministic illustration from
// the title locally (no network), stores the PNG in lesson-images and returns its public URL.
// With IMAGE_PROVIDER_URL set, the prompt is POSTed there first and the returned image bytes
// (image/png, image/jpeg or image/webp) are stored instead; on any provider failure the local
// drawing is used.
import { LESSON_BUCKETS, LESSON_DRAFTS_BUCKET, draftObjectName } from '../_shared/core/index.ts';
import { HttpError, callerClient, endpoint, fromDbError, readBody } from '../_shared/http.ts';
import type { Env } from '../_shared/http.ts';
import { IMAGE_HEIGHT, IMAGE_WIDTH, drawIllustration, hashText } from '../_shared/illustration.ts';
import { encodePng } from '../_shared/png.ts';
import type { Bytes } from '../_shared/png.ts';

const BUCKET = LESSON_BUCKETS.image;
const PROVIDER_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

function text(body: Record<string, unknown>, name: string, max: number): string {
  const value = body[name];
  return typeof value === 'string' ? value.normalize('NFC').trim().slice(0, max) : '';
}

/** ASCII slug for the storage path (the title itself stays in the database untouched). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug || 'lesson';
}

async function fromProvider(
  url: string,
  prompt: Record<string, string>,
): Promise<{ bytes: Bytes; type: string } | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(prompt),
      signal: AbortSignal.timeout(30_000),
    });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!res.ok || !PROVIDER_TYPES[type]) {
      console.error('image provider answered', res.status, type);
      return null;
    }
    return { bytes: new Uint8Array(await res.arrayBuffer()), type };
  } catch (error) {
    console.error('image provider failed', error);
    return null;
  }
}

export const handler: (req: Request, env: Env) => Promise<Response> = endpoint(async (req, env) => {
  const { client } = callerClient(req, env);
  const admin = await client.rpc('is_admin');
  if (admin.error) throw fromDbError(admin.error);
  if (admin.data !== true) throw new HttpError(403, 'forbidden', 'Only admins can generate images');

  const body = await readBody(req);
  const title = text(body, 'lessonTitle', 200);
  if (!title) throw new HttpError(400, 'invalid_argument', 'lessonTitle is required');
  const level = text(body, 'lessonLevel', 40).toLowerCase();
  const prompt = {
    lessonTitle: title,
    lessonDescription: text(body, 'lessonDescription', 1000),
    lessonLevel: level,
    transcriptPreview: text(body, 'transcriptPreview', 200),
  };

  const provider = env.IMAGE_PROVIDER_URL
    ? await fromProvider(env.IMAGE_PROVIDER_URL, prompt)
    : null;
  const image = provider ?? {
    bytes: await encodePng(IMAGE_WIDTH, IMAGE_HEIGHT, drawIllustration(title, level)),
    type: 'image/png',
  };
  const hash = hashText(`${title}\u0000${level}`).toString(16).padStart(8, '0');
  const path = `generated/${slugify(title)}-${hash}.${PROVIDER_TYPES[image.type] ?? 'png'}`;
  // Kept in the private lesson-drafts bucket under the name it will have once public (DESIGN.md
  // §13): the lesson's rows name the public address, and publishing the lesson copies it there.
  // The admin shows it by a signed URL of `draftPath` until then.
  const draftPath = draftObjectName(BUCKET, path);
  const upload = await client.storage
    .from(LESSON_DRAFTS_BUCKET)
    .upload(draftPath, new Blob([image.bytes], { type: image.type }), {
      contentType: image.type,
      upsert: true,
    });
  if (upload.error) {
    throw new HttpError(502, 'storage_error', `Failed to store the image: ${upload.error.message}`);
  }
  const { publicUrl } = client.storage.from(BUCKET).getPublicUrl(path).data;
  return { imageUrl: publicUrl, path, draftBucket: LESSON_DRAFTS_BUCKET, draftPath };
});
