import { useMemo } from 'react';
import type { PcmRecording, Peaks } from '../shared/model.ts';
import { studio } from './studio.ts';
import {
  WINDOW_DECODE_RATE,
  decodeMonoInWindow,
  pcmOfSamples,
  peaksOfSamples,
} from './window-decode.ts';

/**
 * The lesson's dialogue as the studio window decodes it (AAC, which the main process leaves to
 * Chromium): `peaks` draws it once and has main keep the peaks and the decoded length;
 * `pcm` gives the aligner its samples. The decode is done once per lesson opened.
 */
export function useWindowAudio(lessonId: number) {
  return useMemo(() => windowAudio(lessonId), [lessonId]);
}

/** The lesson's window decode, kept for the last URL asked for. */
function windowAudio(lessonId: number) {
  let decoded: { url: string; samples: Promise<Float32Array> } | null = null;
  const samplesOf = (url: string) => {
    if (decoded?.url !== url) decoded = { url, samples: decodeMonoInWindow(url) };
    return decoded.samples;
  };
  return {
    async peaks(url: string): Promise<Peaks | null> {
      try {
        const peaks = peaksOfSamples(await samplesOf(url), WINDOW_DECODE_RATE);
        return await studio().setPeaks(lessonId, peaks);
      } catch {
        // Not decodable here either: the editor says it has no readable dialogue audio.
        return null;
      }
    },
    async pcm(): Promise<PcmRecording | null> {
      const url = await studio().mediaUrl({ kind: 'dialogue', lessonId });
      return url ? pcmOfSamples(await samplesOf(url)) : null;
    },
  };
}
