import { open } from 'node:fs/promises';

/** Enough of a file's head for its container's signature (see sniffContainer). */
const HEAD_BYTES = 64;

/** A file's first bytes (none when it cannot be read: whoever reads it next says why). */
export async function readHead(file: string): Promise<Uint8Array> {
  try {
    const handle = await open(file, 'r');
    try {
      const head = new Uint8Array(HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return new Uint8Array(0);
  }
}
