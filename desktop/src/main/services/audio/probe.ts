import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseFile } from 'music-metadata';
import { studioMessage } from '../../../shared/messages.ts';
import type { StudioMessageCode } from '../../../shared/messages.ts';
import type { ImportIssue } from '../../../shared/model.ts';
import { decodeAudio } from './decode.ts';
import { scanMp3 } from './mp3-frames.ts';
import { scanWav } from './wav-data.ts';
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
 * The light probe for vocabulary audio: MP3 frames are walked and WAV chunks checked in memory,
 * so no process is started per file. Other formats go through ffmpeg like the dialogue.
 */
async function probeLight(file: string, displayName: string): Promise<AudioProbe | null> {
  const extension = extname(file).toLowerCase();
  if (extension !== '.mp3' && extension !== '.wav') return null;
  const bytes = await readFile(file);
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const issues: ImportIssue[] = [];
  const issue = (code: StudioMessageCode, params: Record<string, string> = {}) =>
    issues.push({
      file: displayName,
      row: null,
      code,
      message: studioMessage(code, { file: displayName, ...params }),
    });
  const base = { contentHash, peaks: null, issues };
  if (extension === '.mp3') {
    const scan = scanMp3(bytes);
    if (!scan) {
      issue('audio-unreadable');
      return { ...base, headerSeconds: null, durationSeconds: null };
    }
    if (scan.truncated) issue('audio-truncated');
    return { ...base, headerSeconds: null, durationSeconds: scan.seconds };
  }
  const scan = scanWav(bytes);
  if (!scan) {
    issue('audio-unreadable');
    return { ...base, headerSeconds: null, durationSeconds: null };
  }
  if (Math.abs(scan.declaredSeconds - scan.actualSeconds) > tolerance(scan.declaredSeconds)) {
    issue('audio-length-mismatch', {
      header: scan.declaredSeconds.toFixed(1),
      decoded: scan.actualSeconds.toFixed(1),
    });
  }
  return { ...base, headerSeconds: scan.declaredSeconds, durationSeconds: scan.actualSeconds };
}

/**
 * Hashes, reads the header duration with music-metadata and decodes with ffmpeg. A file that
 * does not decode is broken; one whose header claims a different length than decodes is
 * truncated or lying. Problems come back as issues; this never throws for a bad file.
 */
export async function probeAudio(
  file: string,
  displayName: string,
  withPeaks: ((contentHash: string) => boolean) | null,
): Promise<AudioProbe> {
  if (withPeaks === null) {
    const light = await probeLight(file, displayName);
    if (light) return light;
  }
  const issues: ImportIssue[] = [];
  const issue = (code: StudioMessageCode, params: Record<string, string>) =>
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
    const decoded = await decodeAudio(file, withPeaks?.(contentHash) ?? false);
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
