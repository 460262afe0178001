// The studio window's own decoder: Chromium's Web Audio decodes what the main process has no
// decoder for (AAC in M4A or ADTS, see decodedInRenderer in main/services/audio/container.ts),
// as it plays it. Peaks for the waveform and mono samples for the aligner go to main.
import type { PcmRecording, Peaks } from '../shared/model.ts';
import { encodePeaks } from '../shared/peaks-codec.ts';
import { encodePcm } from '../shared/pcm-codec.ts';

/** Decoded at this rate: enough for peaks and for the aligner's bands (up to 5.5 kHz). */
export const WINDOW_DECODE_RATE = 11_025;
const PEAKS_PER_SECOND = 100;

/** The recording at `url`, decoded by Web Audio, mono, at WINDOW_DECODE_RATE. */
export async function decodeMonoInWindow(url: string): Promise<Float32Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the recording could not be read (${response.status})`);
  const bytes = await response.arrayBuffer();
  // decodeAudioData resamples to the context's rate; the context itself renders nothing.
  const context = new OfflineAudioContext(1, 1, WINDOW_DECODE_RATE);
  const buffer = await context.decodeAudioData(bytes);
  const mono = new Float32Array(buffer.length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const channel = buffer.getChannelData(c);
    for (let i = 0; i < mono.length; i++) {
      mono[i] = (mono[i] as number) + (channel[i] as number) / buffer.numberOfChannels;
    }
  }
  return mono;
}

/** The maximum absolute sample of each 1/100 s, as the importer folds them (peak-folder.ts). */
export function peaksOfSamples(samples: Float32Array, sampleRate: number): Peaks {
  const perPeak = sampleRate / PEAKS_PER_SECOND;
  const count = Math.ceil(samples.length / perPeak);
  const peaks = new Float32Array(count);
  for (let p = 0; p < count; p++) {
    let max = 0;
    const end = Math.min(samples.length, Math.round((p + 1) * perPeak));
    for (let i = Math.round(p * perPeak); i < end; i++) {
      const value = Math.abs(samples[i] as number);
      if (value > max) max = value;
    }
    peaks[p] = Math.min(1, max);
  }
  return {
    peaksPerSecond: PEAKS_PER_SECOND,
    duration: samples.length / sampleRate,
    data: encodePeaks(peaks),
  };
}

export function pcmOfSamples(samples: Float32Array): PcmRecording {
  return encodePcm(samples, WINDOW_DECODE_RATE);
}
