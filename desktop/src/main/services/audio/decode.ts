import { spawn } from 'node:child_process';

export const PEAKS_PER_SECOND = 100;
const SAMPLE_RATE = 8000;
const SAMPLES_PER_PEAK = SAMPLE_RATE / PEAKS_PER_SECOND;

export type Decoded = {
  /** Seconds of audio ffmpeg could actually decode (a truncated file yields less). */
  readonly decodedSeconds: number;
  /** Maximum absolute sample per 1/100 s, 0..1; only when asked for. */
  readonly peaks: Float32Array | null;
};

export class DecodeError extends Error {}

/**
 * Decodes `file` with ffmpeg to 8 kHz mono 16-bit PCM on a pipe, counting the samples and, when
 * `withPeaks`, folding them into peaks on the fly (nothing is kept in memory but the peaks).
 */
export function decodeAudio(file: string, withPeaks: boolean, ffmpeg = 'ffmpeg'): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      [
        '-nostdin',
        '-v',
        'error',
        '-i',
        file,
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        's16le',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const peaks: number[] = [];
    let samples = 0;
    let current = 0;
    let inBin = 0;
    let carry: Buffer | null = null;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk;
      const usable = data.length - (data.length % 2);
      carry = usable < data.length ? data.subarray(usable) : null;
      if (!withPeaks) {
        samples += usable / 2;
        return;
      }
      // An aligned copy lets the samples be read as an Int16Array instead of one call each.
      const pcm = new Int16Array(usable / 2);
      new Uint8Array(pcm.buffer).set(data.subarray(0, usable));
      for (let i = 0; i < pcm.length; i++) {
        const sample = pcm[i] ?? 0;
        const value = sample < 0 ? -sample : sample;
        if (value > current) current = value;
        if (++inBin === SAMPLES_PER_PEAK) {
          peaks.push(current / 32768);
          current = 0;
          inBin = 0;
        }
      }
      samples += usable / 2;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) =>
      reject(new DecodeError(`ffmpeg could not start: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code !== 0 || samples === 0) {
        reject(new DecodeError(stderr.trim().split('\n').pop() ?? `ffmpeg exited with ${code}`));
        return;
      }
      if (withPeaks && inBin > 0) peaks.push(current / 32768);
      resolve({
        decodedSeconds: samples / SAMPLE_RATE,
        peaks: withPeaks ? Float32Array.from(peaks) : null,
      });
    });
  });
}
