import { open } from 'node:fs/promises';

/**
 * The duration a WAV file's own header declares (data chunk size / byte rate), or null when the
 * file is not RIFF/WAVE. music-metadata quietly corrects a lying size from the file length, so
 * the declared value is read here to tell a lying header apart.
 */
export async function wavDeclaredSeconds(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    const bytes = header.subarray(0, bytesRead);
    if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF') return null;
    if (bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
    let byteRate: number | null = null;
    for (let offset = 12; offset + 8 <= bytes.length;) {
      const id = bytes.toString('latin1', offset, offset + 4);
      const size = bytes.readUInt32LE(offset + 4);
      if (id === 'fmt ' && offset + 16 <= bytes.length) byteRate = bytes.readUInt32LE(offset + 16);
      if (id === 'data') return byteRate ? size / byteRate : null;
      offset += 8 + size + (size % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
}
