// Forced alignment, measured: boundary errors against known times and the time a 10-minute
// dialogue takes. Corpora: the demo course's MP3s (Debian's espeak-ng CLI voices m5/f4/m2 with
// their own pitch ranges, sox, lame; line times from timings.json shifted by the MP3's encoder
// delay, see below), and synthetic dialogues with known word times (eSpeak variants, rates and
// pitches unlike the reference, pauses inside lines, noise 20 dB under the speech), and a human
// recording (Spanish) with times marked by hand.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignLines } from '@magyarul/core/align';
import { alignFile } from '../src/main/services/align/align-file.ts';
import { espeakSynthesiser } from '../src/main/services/align/espeak-synthesiser.ts';
import { decodeMono } from '../src/main/services/audio/mono-samples.ts';
import { boundaryErrors, describe, percentile } from '../test/support/alignment-accuracy.ts';
import { humanRecording } from '../test/support/human-recording.ts';
import type { DialogueSpec } from '../test/support/synthetic-dialogue.ts';
import { makeDialogue, wavBytes } from '../test/support/synthetic-dialogue.ts';

const SEED = new URL('../../supabase/seed/', import.meta.url);
// The demo course's texts, loaded by URL: the seed is its own TypeScript project.
const { LESSONS } = (await import(new URL('content/lessons.ts', SEED).href)) as {
  LESSONS: readonly { lines: readonly (readonly [speaker: string, text: string, unknown])[] }[];
};
// lame writes no gapless (Info) tag into the seed's CBR MP3s, so every decoder plays its
// 576 + 529 samples of encoder and decoder delay: the audio runs 1105 / 16000 s after the
// times in timings.json (measured: the first loud sample of lesson 1 is at 0.469 s, its first
// line at 0.40 s).
const MP3_DELAY = 1105 / 16_000;

type Timings = {
  lessons: Record<
    string,
    {
      file: string;
      lines: { start: number; end: number }[];
      slow: { file: string; lines: { start: number; end: number }[] };
    }
  >;
};

const VOICES: DialogueSpec['voices'] = {
  narrator: { voice: 'hu+m3', rate: 150, pitch: 35 },
  anna: { voice: 'hu+f2', rate: 190, pitch: 75 },
  bence: { voice: 'hu+klatt2', rate: 160, pitch: 45 },
};

const hard = (lessons: readonly number[], seed: number): DialogueSpec => ({
  lines: lessons.flatMap((n) =>
    (LESSONS[n - 1]?.lines ?? []).map(([speaker, text]) => ({ speaker, text })),
  ),
  voices: VOICES,
  gaps: [0.35, 0.9, 0.25, 0.6, 1.2, 0.3],
  innerPauses: [0.75, 0.6, 0.9],
  snrDb: 20,
  seed,
});

export async function run(): Promise<boolean> {
  const timings = JSON.parse(
    readFileSync(new URL('content/timings.json', SEED), 'utf8'),
  ) as Timings;
  const seedLines: number[] = [];
  for (const n of [1, 10, 20, 30]) {
    for (const rendering of [timings.lessons[n], timings.lessons[n]?.slow]) {
      if (!rendering) continue;
      const audio = await decodeMono(new URL(`audio/lessons/${rendering.file}`, SEED).pathname);
      const lesson = LESSONS[n - 1];
      if (!lesson) continue;
      const aligned = await alignLines(
        {
          lines: lesson.lines.map(([, text], id) => ({ id, text, anchor: null })),
          samples: audio.samples,
          sampleRate: audio.sampleRate,
          voice: 'hu',
        },
        espeakSynthesiser,
      );
      const truth = rendering.lines.map((l) => ({
        start: l.start + MP3_DELAY,
        end: l.end + MP3_DELAY,
      }));
      seedLines.push(...boundaryErrors(aligned, truth).lines);
    }
  }
  console.log(
    `demo course MP3s (lessons 1, 10, 20, 30, normal and slow), lines: ${describe(seedLines)}`,
  );

  const synthLines: number[] = [];
  const synthWords: number[] = [];
  for (const [index, lessons] of [[10], [11], [12], [25]].entries()) {
    const d = await makeDialogue(hard(lessons, index + 1));
    const aligned = await alignLines(
      {
        lines: d.lines.map((l, id) => ({ id, text: l.text, anchor: null })),
        samples: d.samples,
        sampleRate: d.sampleRate,
        voice: 'hu',
      },
      espeakSynthesiser,
    );
    const errors = boundaryErrors(aligned, d.lines);
    synthLines.push(...errors.lines);
    synthWords.push(...errors.words);
  }
  console.log(`synthetic noisy dialogues (lessons 10, 11, 12, 25), lines: ${describe(synthLines)}`);
  console.log(`synthetic noisy dialogues, words: ${describe(synthWords)}`);
  // A human voice (Spanish telephone prompts, 8 kHz) against times marked by hand
  // (test/fixtures/human-es/README.md), aligned with eSpeak NG's Spanish voice.
  const human = await humanRecording();
  const humanAligned = await alignLines(
    {
      lines: human.lines.map((l, id) => ({ id, text: l.text, anchor: null })),
      samples: human.samples,
      sampleRate: human.sampleRate,
      voice: human.voice,
    },
    espeakSynthesiser,
  );
  const humanErrors = boundaryErrors(humanAligned, human.lines);
  const humanOk =
    percentile(humanErrors.lines, 50) < 0.1 &&
    percentile(humanErrors.lines, 95) < 0.25 &&
    percentile(humanErrors.words, 50) < 0.15;
  console.log(
    `human recording with hand-marked times (Spanish, one speaker, 8 kHz, ${human.lines.length} lines), lines: ${describe(humanErrors.lines)}; words: ${describe(humanErrors.words)} (targets lines median < 100 ms, p95 < 250 ms, words median < 150 ms: ${humanOk ? 'met' : 'NOT met'})`,
  );

  // 10 minutes: lessons spoken one after another until the dialogue is that long.
  const lessons: number[] = [];
  let long = await makeDialogue(hard([1], 99));
  for (let n = 1; long.samples.length / long.sampleRate < 600 && n <= 30; n++) {
    lessons.push(n);
    if (lessons.length % 4 === 0 || n === 30) long = await makeDialogue(hard(lessons, 99));
  }
  const dir = mkdtempSync(join(tmpdir(), 'align-bench-'));
  const file = join(dir, 'dialogue.wav');
  writeFileSync(file, wavBytes(long.samples, long.sampleRate));
  const minutes = long.samples.length / long.sampleRate / 60;
  const started = performance.now();
  const aligned = await alignFile({
    file,
    voice: 'hu',
    lines: long.lines.map((l, id) => ({ id, text: l.text, anchor: null })),
  });
  const seconds = (performance.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });
  const longErrors = boundaryErrors(aligned, long.lines);
  console.log(
    `${minutes.toFixed(1)}-minute dialogue (${long.lines.length} lines, WAV ${long.sampleRate} Hz): aligned in ${seconds.toFixed(1)} s (target < 20 s, ratio ${(seconds / 20).toFixed(2)}), lines ${describe(longErrors.lines)}, words ${describe(longErrors.words)}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const allLines = [...seedLines, ...synthLines];
  const ok =
    humanOk &&
    percentile(allLines, 50) < 0.1 &&
    percentile(allLines, 95) < 0.25 &&
    percentile(synthWords, 50) < 0.15 &&
    seconds < 20;
  console.log(
    `all lines: ${describe(allLines)} (target median < 100 ms, p95 < 250 ms); words median target < 150 ms: ${ok ? 'met' : 'NOT met'}`,
  );
  return ok;
}
