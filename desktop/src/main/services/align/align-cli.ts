// `npm run align -- <audio> <transcript> [--json out.json] [--voice hu]`: the studio's aligner
// from the command line, the same code ("Align lines and words" runs alignFile in a worker).
// Prints one row per line and, with --json, writes every line's and word's times.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { renderMessage } from '../../../shared/messages.ts';
import { readTranscriptFile } from '../importer/lesson-files.ts';
import { alignFile } from './align-file.ts';

const USAGE =
  'usage: npm run align -- <audio.mp3|wav> <transcript.csv|txt> [--json out.json] [--voice hu]';

const seconds = (value: number) => value.toFixed(3).padStart(8);

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { json: { type: 'string' }, voice: { type: 'string', default: 'hu' } },
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
  const started = performance.now();
  const lines = await alignFile({
    file: audio,
    voice: values.voice,
    lines: rows.map((line, index) => ({ id: index + 1, text: line.text, anchor: null })),
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
