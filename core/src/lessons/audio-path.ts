import { LESSON_BUCKETS } from '../files/bucket-names.ts';

export const LESSON_AUDIO_BUCKET = LESSON_BUCKETS.audio;

/**
 * Stored vocabulary audio paths known to be wrong, with the path of the file that really exists.
 * The one entry: the first demo lesson's "viszontlátásra" recording was uploaded under an
 * accent-less name while its row kept the accented word. (The original product hard-coded one
 * such substitution without naming it; this mapping is ours.)
 */
export const KNOWN_AUDIO_PATH_FIXES: readonly { readonly from: string; readonly to: string }[] = [
  { from: 'vocabulary/viszontlátásra.mp3', to: 'vocabulary/viszontlatasra.mp3' },
];

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** The path inside the bucket: no leading slashes, no leading 'lesson-audio/'. */
function bucketPath(path: string): string {
  const trimmed = path.trim().replace(/^\/+/, '');
  const prefix = `${LESSON_AUDIO_BUCKET}/`;
  return trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed;
}

/** The stored path with the known wrong names corrected and NFC-normalised. */
export function adjustAudioPath(path: string): string {
  const nfc = bucketPath(path).normalize('NFC');
  for (const fix of KNOWN_AUDIO_PATH_FIXES) {
    if (nfc === fix.from || nfc.endsWith(`/${fix.from}`)) {
      return nfc.slice(0, nfc.length - fix.from.length) + fix.to;
    }
  }
  return nfc;
}

/** The public URL of an object: `{baseUrl}/storage/v1/object/public/{bucket}/{path}`. */
export function publicStorageUrl(baseUrl: string, bucket: string, path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${baseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${encoded}`;
}

/**
 * A playable URL for audio_url or audio_file_path: a full http(s) URL is kept as is; anything
 * else is a path in the lesson-audio bucket, corrected and turned into its public URL. Empty
 * input has no audio (null).
 */
export function resolveAudioUrl(
  pathOrUrl: string | null | undefined,
  baseUrl: string,
): string | null {
  const value = pathOrUrl?.trim() ?? '';
  if (value === '') return null;
  if (isHttpUrl(value)) return value;
  return publicStorageUrl(baseUrl, LESSON_AUDIO_BUCKET, adjustAudioPath(value));
}

/**
 * The URLs to try in order: the adjusted one, then the path exactly as stored (when it differs),
 * because a recording may have been uploaded under the uncorrected name after all.
 */
export function audioUrlCandidates(
  pathOrUrl: string | null | undefined,
  baseUrl: string,
): string[] {
  const adjusted = resolveAudioUrl(pathOrUrl, baseUrl);
  if (adjusted === null) return [];
  const value = (pathOrUrl ?? '').trim();
  if (isHttpUrl(value)) return [adjusted];
  const original = publicStorageUrl(baseUrl, LESSON_AUDIO_BUCKET, bucketPath(value));
  return original === adjusted ? [adjusted] : [adjusted, original];
}
