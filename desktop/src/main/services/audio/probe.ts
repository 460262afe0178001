import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { parseFile } from 'music-metadata';
import { studioMessage } from '../../../shared/messages.ts';
import type { ImportIssue } from '../../../shared/model.ts';
import { decodeAudio } from './decode.ts';
import { wavDeclaredSeconds } from './wav-header.ts';

export type AudioProbe = {
  readonly contentHash: string;
  /** The duration the file's headers claim (music-metadata), if any. */
  readonly headerSeconds: number | null;
  /** The duration that really decodes; what the studio uses. */
  readonly durationSeconds: number | null;
  readonly peaks: Float32Array | null;
  readonly issues: ImportIssue[];
};

export function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** How far the header may disagree with the decoded audio before the file is called lying. */
function tolerance(seconds: number): number {
  return Math.max(0.5, seconds * 0.05);
}

/**
 * Hashes, reads the header duration with music-metadata and decodes with ffmpeg. A file that
 * does not decode is broken; one whose header claims a different length than decodes is
 * truncated or lying. Problems come back as issues; this never throws for a bad file.
 */
export async function probeAudio(
  file: string,
  displayName: string,
  withPeaks: (contentHash: string) => boolean,
): Promise<AudioProbe> {
  const issues: ImportIssue[] = [];
  const issue = (code: Parameters<typeof studioMessage>[0], params: Record<string, string>) =>
    issues.push({ file: displayName, row: null, code, message: studioMessage(code, params) });
  const contentHash = await hashFile(file);
  let headerSeconds: number | null = null;
  try {
    headerSeconds = await wavDeclaredSeconds(file);
    if (headerSeconds === null) {
      const metadata = await parseFile(file, { duration: false, skipCovers: true });
      headerSeconds = metadata.format.duration ?? null;
    }
  } catch {
    headerSeconds = null;
  }
  try {
    const decoded = await decodeAudio(file, withPeaks(contentHash));
    if (
      headerSeconds !== null &&
      Math.abs(headerSeconds - decoded.decodedSeconds) > tolerance(headerSeconds)
    ) {
      issue('audio-length-mismatch', {
        file: displayName,
        header: headerSeconds.toFixed(1),
        decoded: decoded.decodedSeconds.toFixed(1),
      });
    }
    return {
      contentHash,
      headerSeconds,
      durationSeconds: decoded.decodedSeconds,
      peaks: decoded.peaks,
      issues,
    };
  } catch {
    issue('audio-unreadable', { file: displayName });
    return { contentHash, headerSeconds, durationSeconds: null, peaks: null, issues };
  }
}
