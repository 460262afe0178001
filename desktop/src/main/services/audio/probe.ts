import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { studioMessage } from '../../../shared/messages.ts';
import type { StudioMessageCode } from '../../../shared/messages.ts';
import type { ImportIssue } from '../../../shared/model.ts';
import { decodedInRenderer } from './container.ts';
import { DecodeError, decodeAudioBytes, sniffContainer } from './decode.ts';
import { scanMp3 } from './mp3-frames.ts';
import { scanWav } from './wav-data.ts';

export type AudioProbe = {
  readonly contentHash: string;
  /** The duration the file's headers claim, if any. */
  readonly headerSeconds: number | null;
  /** The duration that really decodes; what the studio uses. */
  readonly durationSeconds: number | null;
  readonly peaks: Float32Array | null;
  readonly issues: ImportIssue[];
};

/** How far the header may disagree with the decoded audio before the file is called lying. */
function tolerance(seconds: number): number {
  return Math.max(0.5, seconds * 0.05);
}

/** The duration a container claims (music-metadata reads M4A/AAC headers without decoding). */
async function containerSeconds(bytes: Uint8Array, file: string): Promise<number | null> {
  try {
    const metadata = await parseBuffer(bytes, { path: file }, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/**
 * Everything the studio needs to know about one audio file, in this process (no program on
 * PATH). Dialogue audio (`withPeaks` given) is decoded in full: its real length and, unless
 * the stored peaks still fit its hash, its peaks. Vocabulary audio is checked without decoding:
 * MP3 frames are walked, WAV chunks measured; FLAC and Ogg are decoded. AAC (M4A) lengths are
 * read from the container, for dialogue too: the studio window decodes AAC and draws its
 * waveform (see decodedInRenderer). A file
 * that does not decode is broken; one whose codec the studio cannot decode is reported as such;
 * a header that claims another length than decodes is a truncated or lying file. Problems come
 * back as issues: this never throws for a bad file.
 */
export async function probeAudio(
  file: string,
  displayName: string,
  withPeaks: ((contentHash: string) => boolean) | null,
): Promise<AudioProbe> {
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
  const result = (
    headerSeconds: number | null,
    durationSeconds: number | null,
    peaks: Float32Array | null = null,
  ): AudioProbe => ({ contentHash, headerSeconds, durationSeconds, peaks, issues });

  const container = sniffContainer(bytes);
  const wav = container === 'wav' ? scanWav(bytes) : null;
  const mp3 = container === 'mp3' || container === 'unknown' ? scanMp3(bytes) : null;
  const headerSeconds = wav?.declaredSeconds ?? null;

  if (decodedInRenderer(container)) {
    const seconds = await containerSeconds(bytes, file);
    if (seconds === null) issue('audio-unreadable');
    return result(seconds, seconds);
  }
  if (withPeaks === null) {
    // Vocabulary audio: a light check per file (hundreds of them in a batch).
    if (mp3) {
      if (mp3.truncated) issue('audio-truncated');
      return result(null, mp3.seconds);
    }
    if (wav && extname(file).toLowerCase() === '.wav') {
      if (Math.abs(wav.declaredSeconds - wav.actualSeconds) > tolerance(wav.declaredSeconds)) {
        issue('audio-length-mismatch', {
          header: wav.declaredSeconds.toFixed(1),
          decoded: wav.actualSeconds.toFixed(1),
        });
      }
      return result(wav.declaredSeconds, wav.actualSeconds);
    }
  }

  try {
    const decoded = await decodeAudioBytes(bytes, withPeaks?.(contentHash) ?? false);
    if (headerSeconds !== null) {
      if (Math.abs(headerSeconds - decoded.decodedSeconds) > tolerance(headerSeconds)) {
        issue('audio-length-mismatch', {
          header: headerSeconds.toFixed(1),
          decoded: decoded.decodedSeconds.toFixed(1),
        });
      }
    } else if (mp3?.truncated) {
      issue('audio-truncated');
    }
    return result(headerSeconds, decoded.decodedSeconds, decoded.peaks);
  } catch (error) {
    if (error instanceof DecodeError && error.reason === 'unsupported-codec') {
      issue('audio-codec-unsupported', { codec: error.codec ?? 'this codec' });
    } else if (error instanceof DecodeError && error.reason === 'decoder-missing') {
      issue('audio-decoder-missing', { codec: error.codec ?? 'audio', reason: error.message });
    } else {
      issue('audio-unreadable');
    }
    return result(headerSeconds, null);
  }
}
