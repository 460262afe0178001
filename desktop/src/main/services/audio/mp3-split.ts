import { openDecoder } from './mp3-decode.ts';
import type { Mp3Layout } from './mp3-layout.ts';
import { feedMp3 } from './mpg123-feed.ts';
import { createPeakFolder, mergePeaks } from './peak-folder.ts';

/** The second part of an MP3, to be decoded apart (in another thread) into peaks. */
export type PartRequest = {
  /** The stream from a few frames before the part (the bit reservoir and overlap need them). */
  readonly bytes: Uint8Array;
  /** Samples decoded from those lead-in frames, dropped. */
  readonly skip: number;
  /** Where the part starts in the whole recording (gapless samples) and how long it is. */
  readonly startFrame: number;
  readonly length: number;
  readonly peaksPerSecond: number;
};

export type PartResult = {
  readonly peaks: Float32Array;
  /** Samples decoded after the lead-in (before `length` cut the end padding off). */
  readonly samples: number;
};

export type PartDecoder = (request: PartRequest) => Promise<PartResult>;

/** Bytes of lead-in before a part: more than the 511-byte bit reservoir, at least 2 frames. */
const LEAD_IN_BYTES = 1024;

/**
 * Decodes a part of an MP3 stream (no gapless trimming: the part's samples are counted from its
 * first frame) and folds its peaks at their place in the whole recording.
 */
export async function decodeMp3Part(request: PartRequest): Promise<PartResult> {
  const decoder = await openDecoder(false);
  const { skip, startFrame, length } = request;
  let folder: ReturnType<typeof createPeakFolder> | null = null;
  let decoded = 0;
  try {
    feedMp3(decoder, request.bytes, ({ channels, samples, sampleRate }) => {
      const from = Math.max(0, skip - decoded);
      const to = Math.min(samples, skip + length - decoded);
      decoded += samples;
      if (to <= from) return;
      folder ??= createPeakFolder(sampleRate, request.peaksPerSecond, startFrame);
      folder.add(
        channels.map((channel) => channel.subarray(from, to)),
        to - from,
      );
    });
  } finally {
    decoder.free();
  }
  const peaks = (folder as ReturnType<typeof createPeakFolder> | null)?.finish();
  return { peaks: peaks ?? new Float32Array(0), samples: Math.max(0, decoded - skip) };
}

/**
 * An MP3's peaks and length decoded in two halves at once: the second by `decodePart` (another
 * thread), the first here, gapless. Each half is a whole number of frames; the second starts a
 * few frames early so that its first samples are decoded as in one piece. The result is the same
 * as one decode's (a test holds them equal); when a half does not decode to the length the
 * layout predicts, null (the caller decodes in one piece).
 */
export async function decodeMp3Halves(
  bytes: Uint8Array,
  layout: Mp3Layout,
  decodePart: PartDecoder,
  peaksPerSecond: number,
): Promise<{ seconds: number; peaks: Float32Array } | null> {
  const { offsets, samplesPerFrame: perFrame, sampleRate, delay, padding } = layout;
  const half = Math.floor(offsets.length / 2);
  let lead = half;
  while (
    lead > 0 &&
    (half - lead < 2 || (offsets[half] ?? 0) - (offsets[lead] ?? 0) < LEAD_IN_BYTES)
  )
    lead--;
  const seam = half * perFrame - delay;
  const total = offsets.length * perFrame - delay - padding;
  if (half < 2 || seam <= 0 || total <= seam) return null;
  const part = decodePart({
    // A copy (a Buffer's slice would share, and the copy is handed over to the other thread).
    bytes: new Uint8Array(bytes.subarray(offsets[lead])),
    skip: (half - lead) * perFrame,
    startFrame: seam,
    length: total - seam,
    peaksPerSecond,
  }).catch(() => null);

  const decoder = await openDecoder(true);
  const folder = createPeakFolder(sampleRate, peaksPerSecond);
  try {
    feedMp3(decoder, bytes.subarray(0, offsets[half]), ({ channels, samples }) =>
      folder.add(channels, samples),
    );
  } finally {
    decoder.free();
  }
  const firstFrames = folder.frames;
  const first = folder.finish();
  const second = await part;
  if (!second || firstFrames !== seam || second.samples !== (offsets.length - half) * perFrame) {
    return null;
  }
  return {
    seconds: total / sampleRate,
    peaks: mergePeaks(first, second.peaks, seam, sampleRate / peaksPerSecond),
  };
}
