import { readFile } from 'node:fs/promises';
import { decodeInto } from './decode-into.ts';
import type { SampleSink } from './peak-folder.ts';

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
 * The samples of a recording, mono, decoded in this process as `decodeAudioBytes` decodes them
 * (the same decoders, nothing on PATH): what the aligner listens to.
 */
export async function decodeMonoBytes(bytes: Uint8Array): Promise<MonoAudio> {
  const collector = monoCollector();
  const { sampleRate } = await decodeInto(bytes, () => collector.sink);
  return { samples: collector.finish(), sampleRate };
}

export async function decodeMono(file: string): Promise<MonoAudio> {
  return decodeMonoBytes(await readFile(file));
}
