// `npm run align -- <audio> <transcript> [--json out.json] [--voice hu] [--anchors times.json]
// [--delay seconds]`: the studio's aligner from the command line, the same code ("Align lines and
// words" runs alignFile in a worker). Prints one row per line and, with --json, writes every
// line's and word's times. --anchors gives lines known times ([{start, end} | null] per line), kept
// as they are with only their words placed, as the studio keeps hand-timed lines. --delay is the
// silence an encoder put in front of the recording (lame: 1105 samples, 69 ms at 16 kHz); it is
// cut before aligning, so every time is the original's (the anchors' too).
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { renderMessage } from '../../../shared/messages.ts';
import { readTranscriptFile } from '../importer/lesson-files.ts';
import type { MonoAudio } from '../audio/mono-samples.ts';
import { decodeMono } from '../audio/mono-samples.ts';
import { alignFile } from './align-file.ts';

const USAGE =
  'usage: npm run align -- <audio.mp3|wav> <transcript.csv|txt> [--json out.json] [--voice hu] [--anchors times.json] [--delay seconds]';

type Anchor = { readonly start: number; readonly end: number } | null;

async function readAnchors(file: string | undefined, count: number): Promise<readonly Anchor[]> {
  if (!file) return Array.from({ length: count }, () => null);
  const anchors = JSON.parse(await readFile(file, 'utf8')) as Anchor[];
  if (!Array.isArray(anchors) || anchors.length !== count) {
    throw new Error(`${file}: expected ${count} anchors (one per line, or null)`);
  }
  return anchors;
}

/** The recording without the encoder's leading delay. */
async function recording(file: string, delay: number): Promise<MonoAudio> {
  const audio = await decodeMono(file);
  const skip = Math.round(delay * audio.sampleRate);
  return { samples: audio.samples.subarray(skip), sampleRate: audio.sampleRate };
}

const seconds = (value: number) => value.toFixed(3).padStart(8);

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'string' },
      voice: { type: 'string', default: 'hu' },
      anchors: { type: 'string' },
      delay: { type: 'string', default: '0' },
    },
  });
  const [audio, transcript] = positionals;
  if (!audio || !transcript) {
    console.error(USAGE);
    return 2;
  }
  const file = readTranscriptFile(await readFile(transcript));
  if (!file.rows) {
    for (const issue of file.issues) console.error(`${transcript}: ${renderMessage(issue)}`);
    return 1;
  }
  const rows = file.rows;
  const anchors = await readAnchors(values.anchors, rows.length);
  const delay = Number(values.delay);
  if (!Number.isFinite(delay) || delay < 0) {
    console.error(USAGE);
    return 2;
  }
  const started = performance.now();
  const lines = await alignFile({
    file: delay > 0 ? await recording(audio, delay) : audio,
    voice: values.voice,
    lines: rows.map((line, index) => ({
      id: index + 1,
      text: line.text,
      anchor: anchors[index] ?? null,
    })),
  });
  const elapsed = (performance.now() - started) / 1000;
  for (const line of lines) {
    const row = rows[line.id - 1];
    console.log(
      `${String(line.id).padStart(4)} ${seconds(line.startTime)} ${seconds(line.endTime)}  ${row?.text ?? ''}`,
    );
  }
  const words = lines.reduce((sum, line) => sum + line.tokens.length, 0);
  console.log(`aligned ${lines.length} lines and ${words} words in ${elapsed.toFixed(1)} s`);
  if (values.json) {
    const json = lines.map((line) => ({
      line: line.id,
      speaker: rows[line.id - 1]?.speaker ?? '',
      text: rows[line.id - 1]?.text ?? '',
      start: line.startTime,
      end: line.endTime,
      words: line.tokens.map((t) => ({
        text: t.text,
        charStart: t.start,
        charEnd: t.end,
        start: t.startTime,
        end: t.endTime,
      })),
    }));
    await writeFile(
      values.json,
      `${JSON.stringify({ audio, transcript, lines: json }, null, 2)}\n`,
    );
  }
  return 0;
}

process.exitCode = await main();
