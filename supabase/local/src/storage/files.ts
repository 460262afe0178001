import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

// Object bytes on disk at <dataDir>/storage/<bucket>/<object name>. Writes go to a temp file in
// <dataDir>/storage/.tmp and are renamed into place once the database row is committed.

export function storageRoot(dataDir: string): string {
  return resolve(dataDir, 'storage');
}

/** Absolute path of an object; throws if the name would escape the bucket folder. */
export function objectPath(dataDir: string, bucket: string, name: string): string {
  const bucketDir = resolve(storageRoot(dataDir), bucket);
  const full = resolve(bucketDir, ...name.split('/'));
  if (!full.startsWith(bucketDir + sep)) throw new Error('object path escapes its bucket');
  return full;
}

/** A fresh path in the storage folder's .tmp (made if missing), for a file to move in later. */
export async function tempPath(dataDir: string): Promise<string> {
  const dir = join(storageRoot(dataDir), '.tmp');
  await mkdir(dir, { recursive: true });
  return join(dir, `${randomUUID()}.part`);
}

export async function copyToTemp(dataDir: string, source: string): Promise<string> {
  const path = await tempPath(dataDir);
  await copyFile(source, path);
  return path;
}

/** Atomically moves a temp (or existing object) file to its object path. */
export async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await rename(from, to);
}

export async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/** Removes an object file and then empty parent folders up to the bucket folder. */
export async function removeObjectFile(
  dataDir: string,
  bucket: string,
  name: string,
): Promise<void> {
  let path: string;
  try {
    path = objectPath(dataDir, bucket, name);
  } catch {
    return;
  }
  await removeQuietly(path);
  const bucketDir = resolve(storageRoot(dataDir), bucket);
  let dir = dirname(path);
  while (dir.startsWith(bucketDir + sep)) {
    try {
      await rmdir(dir);
    } catch {
      break;
    }
    dir = dirname(dir);
  }
}

export async function removeBucketDir(dataDir: string, bucket: string): Promise<void> {
  const dir = resolve(storageRoot(dataDir), bucket);
  if (!dir.startsWith(storageRoot(dataDir) + sep)) return;
  await rm(dir, { recursive: true, force: true });
}

export async function readObject(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    return null;
  }
}
