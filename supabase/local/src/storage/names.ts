import { isRecord } from '../auth/request.ts';
import { storageErrors } from './errors.ts';
import { readLimited, STORAGE_JSON_MAX_BYTES } from '../http/body.ts';

// Object keys and bucket names as the Storage API validates them, and small request helpers.

const KEY_PATTERN = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_PATTERN = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export type Target = { bucket: string; key: string };

/** Strips leading/trailing slashes and empty segments, then validates like the Storage API. */
export function cleanKey(raw: string): string {
  const key = raw
    .split('/')
    .filter((s) => s !== '')
    .join('/');
  if (
    key === '' ||
    key.length > 1024 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((s) => s === '.' || s === '..')
  ) {
    throw storageErrors.invalidKey(raw);
  }
  return key;
}

export function checkBucketName(name: string): string {
  if (
    name === '' ||
    name.length > 100 ||
    !BUCKET_PATTERN.test(name) ||
    name === '.' ||
    name === '..'
  ) {
    throw storageErrors.invalidBucketName(name);
  }
  return name;
}

export function decodeSegments(path: string): string[] {
  return path.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw storageErrors.invalidKey(s);
    }
  });
}

/** "<bucket>/<key…>" from the decoded segments after a route prefix. */
export function bucketAndKey(segments: string[]): Target {
  const [bucket = '', ...rest] = segments;
  return { bucket: checkBucketName(bucket), key: cleanKey(rest.join('/')) };
}

/** A JSON object body of at most STORAGE_JSON_MAX_BYTES (413 above, never read further). */
export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const bytes = await readLimited(req.body, STORAGE_JSON_MAX_BYTES);
  if (bytes === null) throw storageErrors.entityTooLarge();
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed;
  } catch {
    // fall through
  }
  throw storageErrors.invalidRequest('Body is not a valid JSON object');
}

/** body[field] as a non-empty list of strings (a batch request's paths); a 400 otherwise. */
export function stringList(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) {
    throw storageErrors.missingParameter(field);
  }
  return value as string[];
}
