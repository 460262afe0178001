import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAudio } from '../test/support/audio.ts';

const WORDS = [
  'alma',
  'körte',
  'szőlő',
  'barack',
  'dinnye',
  'kenyér',
  'víz',
  'tej',
  'sajt',
  'vaj',
  'hús',
  'hal',
  'tojás',
  'só',
  'bors',
];

/** A copy of an MP3 with its own ID3v1 tag, so every lesson's dialogue hashes differently. */
function tagged(source: Buffer, label: string): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAG', 0, 'latin1');
  tag.write(label.slice(0, 30), 3, 'latin1');
  return Buffer.concat([source, tag]);
}

/**
 * `count` lesson folders, each with a dialogue of `dialogueSeconds`, a transcript of `lines`
 * lines, a 15-word vocabulary and 15 word recordings. The audio is made once with ffmpeg and
 * copied (the dialogue re-tagged per lesson) so generating does not dominate the benchmark.
 */
export function writeBenchLessons(
  root: string,
  count: number,
  options: {
    dialogueSeconds: number;
    lines: number;
    /** The dialogue as a studio would record it: 44.1 kHz stereo at 128 kb/s, say. */
    recording?: { sampleRate: number; channels: number; bitrate: string };
  },
): void {
  const cache = join(root, '..', 'audio-cache');
  mkdirSync(cache, { recursive: true });
  const recording = options.recording ?? { sampleRate: 16000, channels: 1, bitrate: '48k' };
  const dialogue = join(cache, `dialogue-${options.dialogueSeconds}.mp3`);
  writeAudio(dialogue, options.dialogueSeconds, {
    on: 3.5,
    off: 1.5,
    sampleRate: recording.sampleRate,
    channels: recording.channels,
    codec: ['-c:a', 'libmp3lame', '-b:a', recording.bitrate],
  });
  WORDS.forEach((word, i) =>
    writeAudio(join(cache, `${word}.mp3`), 0.8, { frequency: 220 + i * 20 }),
  );
  const dialogueBytes = readFileSync(dialogue);
  const transcript = [
    'speaker,line',
    ...Array.from(
      { length: options.lines },
      (_, i) => `${['anna', 'bence', 'narrator'][i % 3]},Mondat ${i + 1}.`,
    ),
  ].join('\n');
  const vocabulary = [
    'word_hu,word_en,difficulty',
    ...WORDS.map((w) => `${w},${w}-en,beginner`),
  ].join('\n');
  for (let n = 1; n <= count; n++) {
    const folder = join(root, `${String(n).padStart(2, '0')} Lecke ${n}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'dialogue.mp3'), tagged(dialogueBytes, `lesson ${n}`));
    writeFileSync(join(folder, 'transcript.csv'), transcript);
    writeFileSync(join(folder, 'vocabulary.csv'), vocabulary);
    for (const word of WORDS) copyFileSync(join(cache, `${word}.mp3`), join(folder, `${word}.mp3`));
  }
}
