import { readFile } from 'node:fs/promises';
import { DecodeError } from './decode-error.ts';
import { sniffContainer } from './decode.ts';
import { decodeMp3Into } from './mp3-decode.ts';
import type { SampleSink } from './peak-folder.ts';
import { decodeWav, readWavFormat } from './wav-decode.ts';

export type MonoAudio = { readonly samples: Float32Array; readonly sampleRate: number };

/** A sink that keeps the decoded samples, the first two channels averaged into one. */
function monoCollector() {
  const blocks: Float32Array[] = [];
  let length = 0;
  const sink: SampleSink = {
    add(channels, count) {
      const left = channels[0];
      if (!left) return;
      const right = channels[1] && channels[1] !== left ? channels[1] : null;
      const block = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        block[i] = right ? ((left[i] as number) + (right[i] as number)) / 2 : (left[i] as number);
      }
      blocks.push(block);
      length += count;
    },
  };
  const finish = (): Float32Array => {
    const samples = new Float32Array(length);
    let at = 0;
    for (const block of blocks) {
      samples.set(block, at);
      at += block.length;
    }
    return samples;
  };
  return { sink, finish };
}

/**
 * The samples of a WAV or MP3, mono, decoded in this process as `decodeAudioBytes` decodes them
 * (the same readers, nothing on PATH): what the aligner listens to.
 */
export async function decodeMonoBytes(bytes: Uint8Array): Promise<MonoAudio> {
  const container = sniffContainer(bytes);
  const collector = monoCollector();
  if (container === 'wav') {
    const format = readWavFormat(bytes);
    if (!format) throw new DecodeError('broken', 'no fmt or data chunk');
    decodeWav(bytes, format, collector.sink);
    return { samples: collector.finish(), sampleRate: format.sampleRate };
  }
  if (container !== 'mp3' && container !== 'unknown') {
    throw new DecodeError('unsupported-codec', `unsupported codec: ${container}`, {
      codec: container,
    });
  }
  const { sampleRate } = await decodeMp3Into(bytes, () => collector.sink);
  return { samples: collector.finish(), sampleRate };
}

export async function decodeMono(file: string): Promise<MonoAudio> {
  return decodeMonoBytes(await readFile(file));
}
