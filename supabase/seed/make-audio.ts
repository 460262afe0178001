// Synthesises the demo audio offline and writes content/timings.json.
//
//   npx tsx supabase/seed/make-audio.ts
//
// Needs espeak-ng (Hungarian voice), sox and lame. Each dialogue line is spoken separately
// with its speaker's voice, trimmed of leading and trailing silence, and the raw 16-bit
// samples are joined with fixed pauses, so every line's start and end time is known to the
// sample before the dialogue is encoded once as a small mono CBR MP3. The output is
// deterministic for a given espeak-ng/sox/lame version; the versions are recorded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialogueHash, distinctWords, lessonAudioFile, wordAudioFile } from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import type { Speaker, Timings } from './content/types.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SAMPLE_RATE = 22_050;
const BYTES_PER_SAMPLE = 2;

/** espeak-ng arguments per voice: variant, pitch (0–99) and speed (words per minute). */
const VOICES: Readonly<Record<Speaker | 'word', readonly string[]>> = {
  narrator: ['-v', 'hu+m3', '-p', '38', '-s', '145'],
  anna: ['-v', 'hu+f3', '-p', '62', '-s', '150'],
  bence: ['-v', 'hu+m1', '-p', '48', '-s', '158'],
  word: ['-v', 'hu+f2', '-p', '55', '-s', '125'],
};

const LEAD_IN = 0.4;
const GAP = 0.7;
const TAIL = 0.6;
const WORD_LEAD = 0.1;
const WORD_TAIL = 0.2;

function silence(seconds: number): Buffer {
  return Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * BYTES_PER_SAMPLE);
}

/** Raw signed 16-bit little-endian mono PCM of one utterance, silence trimmed, peak-normalised. */
function speak(text: string, voice: readonly string[]): Buffer {
  const wav = execFileSync('espeak-ng', [...voice, '--stdout', text.normalize('NFC')], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return execFileSync(
    'sox',
    [
      '-D',
      '-t',
      'wav',
      '-',
      '-t',
      'raw',
      '-e',
      'signed-integer',
      '-b',
      '16',
      '-c',
      '1',
      '-r',
      String(SAMPLE_RATE),
      '-',
      'silence',
      '1',
      '0.01',
      '0.3%',
      'reverse',
      'silence',
      '1',
      '0.01',
      '0.3%',
      'reverse',
      'gain',
      '-n',
      '-2',
    ],
    { input: wav, maxBuffer: 64 * 1024 * 1024 },
  );
}

/** A canonical 44-byte WAV header in front of the samples, so lame needs no raw-input flags. */
function wav(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

function encodeMp3(pcm: Buffer, file: string): number {
  mkdirSync(dirname(file), { recursive: true });
  execFileSync(
    'lame',
    ['-m', 'm', '-b', '32', '--cbr', '-q', '2', '--noreplaygain', '--silent', '-', file],
    { input: wav(pcm) },
  );
  return statSync(file).size;
}

function seconds(samples: number): number {
  return Math.round((samples / SAMPLE_RATE) * 100) / 100;
}

function samplesOf(pcm: Buffer): number {
  return pcm.length / BYTES_PER_SAMPLE;
}

function toolVersion(command: string, args: readonly string[]): string {
  const output = execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const firstLine = output.split('\n')[0] ?? command;
  return firstLine
    .replace(/\s+Data at:.*$/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

export function makeAudio(outDir = join(HERE, 'audio')): Timings {
  const lessons: Record<string, Timings['lessons'][string]> = {};
  for (const lesson of LESSONS) {
    const parts: Buffer[] = [silence(LEAD_IN)];
    let offset = samplesOf(parts[0] as Buffer);
    const lines: { start: number; end: number }[] = [];
    lesson.lines.forEach(([speaker, text], index) => {
      if (index > 0) {
        const gap = silence(GAP);
        parts.push(gap);
        offset += samplesOf(gap);
      }
      const clip = speak(text, VOICES[speaker]);
      lines.push({ start: seconds(offset), end: seconds(offset + samplesOf(clip)) });
      parts.push(clip);
      offset += samplesOf(clip);
    });
    parts.push(silence(TAIL));
    const pcm = Buffer.concat(parts);
    const file = lessonAudioFile(lesson.number);
    const bytes = encodeMp3(pcm, join(outDir, 'lessons', file));
    lessons[String(lesson.number)] = {
      file,
      hash: dialogueHash(lesson.lines),
      duration: seconds(samplesOf(pcm)),
      bytes,
      lines,
    };
    console.log(`${file}: ${lines.length} lines, ${seconds(samplesOf(pcm))} s, ${bytes} bytes`);
  }

  const words: Record<string, Timings['words'][string]> = {};
  for (const word of distinctWords()) {
    const pcm = Buffer.concat([
      silence(WORD_LEAD),
      speak(word.hu, VOICES.word),
      silence(WORD_TAIL),
    ]);
    const file = wordAudioFile(word.hu);
    const bytes = encodeMp3(pcm, join(outDir, 'words', file));
    words[word.hu] = { file, duration: seconds(samplesOf(pcm)), bytes };
  }
  console.log(`${Object.keys(words).length} word files`);

  const generator = [
    toolVersion('espeak-ng', ['--version']),
    toolVersion('sox', ['--version']),
    toolVersion('lame', ['--version']),
  ].join('; ');
  return { generator, lessons, words };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const timings = makeAudio();
  writeFileSync(join(HERE, 'content', 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
  console.log('wrote content/timings.json');
}
