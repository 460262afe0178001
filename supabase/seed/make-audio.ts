// Synthesises the demo audio offline and writes content/timings.json.
//
//   npx tsx supabase/seed/make-audio.ts
//
// Needs espeak-ng (Hungarian voice), sox and lame. Each dialogue line is spoken chunk by chunk
// (sentences, see prosody.ts) in the voice of its speaker or character (content/voices.ts),
// trimmed of leading and trailing silence, and the raw 16-bit samples are joined with fixed
// pauses, so every line's start and end time is known to the sample before the dialogue is
// encoded once as a small mono CBR MP3. Every lesson is rendered three times: slow for
// beginners, at normal speed, and at natural conversational tempo (at least 5 syllables per
// second), each with its own file, its own line times and its measured syllable rate. The
// output is deterministic for a given espeak-ng/sox/lame version; the versions are recorded.
//
// Voice: espeak-ng is the best Hungarian voice this project can ship (Debian's archive has no
// MBROLA Hungarian voice in main, and MBROLA voices are licensed for non-commercial use only).
// Yes/no questions get the Hungarian contour from an extra intonation tune, "qhu", appended to
// a private copy of espeak-ng's data (the system installation is not touched).
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  dialogueHash,
  distinctWords,
  lessonAudioFile,
  loadTimings,
  naturalLessonAudioFile,
  slowLessonAudioFile,
  syllableRate,
  wordAudioFile,
} from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import type {
  LineTimes,
  QuestionTimes,
  RenderingTimings,
  SeedLesson,
  Timings,
} from './content/types.ts';
import { lineVoice, VOICES, type Voice, type VoiceName } from './content/voices.ts';
import { chunks, stressPenultimate, type Chunk } from './prosody.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SAMPLE_RATE = 22_050;
export const BITRATE_KBPS = 24;
/** The MP3's sample rate: at 24 kbit/s lame would pick 16 kHz anyway; said explicitly. */
export const MP3_SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;

function variantName(voice: VoiceName): string {
  return `magyarul-${voice.replace(/_/gu, '-')}`;
}

type Rendering = {
  /** Multiplies each voice's speed. */
  readonly speed: number;
  /**
   * The speed of yes/no questions when it differs: at conversational tempo espeak-ng squeezes
   * the Hungarian rise-fall of the last two syllables flat, so they keep a little more time.
   */
  readonly questionSpeed?: number;
  /** Silence between lines and between the chunks of one line, in seconds. */
  readonly lineGap: number;
  readonly chunkGap: number;
};

export const NORMAL: Rendering = { speed: 1, lineGap: 0.7, chunkGap: 0.25 };
/** For beginners: about 70 % of the speaking rate and longer pauses. */
export const SLOW: Rendering = { speed: 0.7, lineGap: 1.2, chunkGap: 0.45 };
/**
 * Conversational tempo: Hungarian conversation runs at 5–6 syllables per second; the voices
 * speak about 1.45 times faster than at normal speed with short pauses, which measures above 5
 * syllables per second of speech (course.test.ts).
 */
export const NATURAL: Rendering = {
  speed: 1.45,
  questionSpeed: 1.15,
  lineGap: 0.35,
  chunkGap: 0.1,
};

const LEAD_IN = 0.4;
const TAIL = 0.6;
const WORD_LEAD = 0.1;
const WORD_TAIL = 0.2;

/**
 * The yes/no question tune: a low, level head, a jump up to a high stressed (second-to-last)
 * syllable and a low tail for the last one. Format: espeak-ng's phsource/intonation.
 */
const QUESTION_TUNE = `tune qhu
prehead   35 38
headenv   fall 8
head       4 42 34 -4 -4
headextend 0 50 30 10 0
nucleus0 rise-fall  95 30
nucleus  fall 98 70 0 0
endtune
`;

function systemDataDir(): string {
  const out = execFileSync('espeak-ng', ['--version']).toString();
  const match = /Data at:\s*(\S+)/u.exec(out);
  if (!match?.[1]) throw new Error(`cannot find espeak-ng's data directory in: ${out}`);
  return match[1];
}

/**
 * A private espeak-ng data directory: the system's files by symlink, plus the compiled
 * "qhu" tune appended to the intonations and a language "hu-x-yn" that uses it for '?'.
 * The tune compiler insists on the four default tunes, so it compiles neutral placeholders
 * and only the "qhu" record (a fixed-size struct named at its start) is kept.
 */
function prepareVoiceData(): string {
  const root = mkdtempSync(join(tmpdir(), 'magyarul-espeak-'));
  const data = join(root, 'espeak-ng-data');
  mkdirSync(data);
  const system = systemDataDir();
  for (const entry of readdirSync(system)) {
    if (entry === 'intonations' || entry === 'lang' || entry === 'voices') continue;
    symlinkSync(join(system, entry), join(data, entry));
  }
  // voices/: the system's, plus one variant per speaker in voices/!v.
  const variants = join(data, 'voices', '!v');
  mkdirSync(variants, { recursive: true });
  for (const entry of readdirSync(join(system, 'voices'))) {
    if (entry !== '!v') symlinkSync(join(system, 'voices', entry), join(data, 'voices', entry));
  }
  for (const entry of readdirSync(join(system, 'voices', '!v'))) {
    symlinkSync(join(system, 'voices', '!v', entry), join(variants, entry));
  }
  for (const [name, voice] of Object.entries(VOICES) as [VoiceName, Voice][]) {
    const kept = readFileSync(join(system, 'voices', '!v', voice.base), 'utf8')
      .split('\n')
      .filter((line) => !/^(name|pitch|intonation|echo)\b/u.test(line.trim()));
    writeFileSync(
      join(variants, variantName(name)),
      [`name ${variantName(name)}`, ...kept, `pitch ${voice.pitch[0]} ${voice.pitch[1]}`, ''].join(
        '\n',
      ),
    );
  }
  const compileRoot = join(root, 'compile');
  mkdirSync(join(compileRoot, 'espeak-ng-data'), { recursive: true });
  mkdirSync(join(compileRoot, 'phsource'));
  const placeholder = (name: string) =>
    `tune ${name}\nprehead 46 57\nheadenv fall 16\nhead 4 80 50 -8 -5\nheadextend 0 63 38 13 0\nnucleus0 fall 64 8\nnucleus fall 70 18 24 12\nendtune\n\n`;
  writeFileSync(
    join(compileRoot, 'phsource', 'intonation'),
    ['s1', 'c1', 'q1', 'e1'].map(placeholder).join('') + QUESTION_TUNE,
  );
  execFileSync('espeak-ng', [`--path=${compileRoot}`, '--compile-intonations'], {
    stdio: 'ignore',
  });
  const compiled = readFileSync(join(compileRoot, 'espeak-ng-data', 'intonations'));
  const recordSize = compiled.length / 5;
  const record = compiled.subarray(4 * recordSize, 5 * recordSize);
  if (!Number.isInteger(recordSize) || record.subarray(0, 4).toString('latin1') !== 'qhu\0') {
    throw new Error('unexpected espeak-ng intonation format');
  }
  writeFileSync(
    join(data, 'intonations'),
    Buffer.concat([readFileSync(join(system, 'intonations')), record]),
  );
  const langDir = join(data, 'lang', 'urj');
  mkdirSync(langDir, { recursive: true });
  copyFileSync(join(system, 'lang', 'urj', 'hu'), join(langDir, 'hu'));
  writeFileSync(
    join(langDir, 'hu-yn'),
    'name Hungarian (yes-no questions)\nlanguage hu-x-yn 1\npitch 81 117\ntunes s1 c1 qhu e1\n',
  );
  for (const entry of readdirSync(join(system, 'lang'))) {
    if (entry !== 'urj') symlinkSync(join(system, 'lang', entry), join(data, 'lang', entry));
  }
  return root;
}

let voiceRoot: string | null = null;

function espeak(args: readonly string[]): Buffer {
  voiceRoot ??= prepareVoiceData();
  return execFileSync('espeak-ng', [`--path=${voiceRoot}`, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** What espeak-ng is given for a chunk, and with which language. */
export function espeakInput(chunk: Chunk): { text: string; language: 'hu' | 'urj/hu-yn' } {
  switch (chunk.kind) {
    case 'yes-no': {
      const phonemes = espeak(['-v', 'hu', '-q', '-x', chunk.text.replace(/\?+$/u, '')])
        .toString('utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        // espeak prints one clause per line; in phoneme input a comma's pause is "_:_:".
        .join(' _:_: ');
      return { text: `[[${stressPenultimate(phonemes)}]]?`, language: 'urj/hu-yn' };
    }
    case 'wh':
    case 'alternative':
      return { text: chunk.text.replace(/\?+$/u, '.'), language: 'hu' };
    default:
      return { text: chunk.text, language: 'hu' };
  }
}

/** Raw signed 16-bit little-endian mono PCM of one utterance, silence trimmed, peak-normalised. */
function speak(chunk: Chunk, voiceName: VoiceName, rendering: Rendering): Buffer {
  const input = espeakInput(chunk);
  const voice = VOICES[voiceName];
  const wav = espeak([
    '-v',
    `${input.language}+${variantName(voiceName)}`,
    '-s',
    String(
      Math.round(
        voice.speed *
          (chunk.kind === 'yes-no'
            ? (rendering.questionSpeed ?? rendering.speed)
            : rendering.speed),
      ),
    ),
    '--stdout',
    input.text.normalize('NFC'),
  ]);
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
    [
      '-m',
      'm',
      '-b',
      String(BITRATE_KBPS),
      '--resample',
      String(MP3_SAMPLE_RATE / 1000),
      '--cbr',
      '-q',
      '2',
      '--noreplaygain',
      '--silent',
      '-',
      file,
    ],
    { input: wav(pcm) },
  );
  return statSync(file).size;
}

function silence(seconds: number): Buffer {
  return Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * BYTES_PER_SAMPLE);
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

type Rendered = { pcm: Buffer; lines: LineTimes; questions: QuestionTimes };

function renderDialogue(lesson: SeedLesson, rendering: Rendering): Rendered {
  const lines = lesson.lines;
  const parts: Buffer[] = [silence(LEAD_IN)];
  let offset = samplesOf(parts[0] as Buffer);
  const times: { start: number; end: number }[] = [];
  const questions: { line: number; start: number; end: number; text: string }[] = [];
  const add = (pcm: Buffer) => {
    parts.push(pcm);
    offset += samplesOf(pcm);
  };
  lines.forEach((line, index) => {
    const text = line[1];
    const voice = lineVoice(lesson, line);
    if (index > 0) add(silence(rendering.lineGap));
    const start = offset;
    chunks(text).forEach((chunk, chunkIndex) => {
      if (chunkIndex > 0) add(silence(rendering.chunkGap));
      const chunkStart = offset;
      add(speak(chunk, voice, rendering));
      if (chunk.kind === 'yes-no') {
        questions.push({
          line: index + 1,
          start: seconds(chunkStart),
          end: seconds(offset),
          text: chunk.text,
        });
      }
    });
    times.push({ start: seconds(start), end: seconds(offset) });
  });
  add(silence(TAIL));
  return { pcm: Buffer.concat(parts), lines: times, questions };
}

/**
 * Renders the course into outDir. With `only`, just those lessons are rendered again and every
 * other lesson and word keeps its entry (and files) from `previous`: a quick way to redo one
 * lesson while writing; the full run is what the repository keeps.
 */
export function makeAudio(
  outDir = join(HERE, 'audio'),
  only?: { lessons: ReadonlySet<number>; previous: Timings },
): Timings {
  try {
    return render(outDir, only);
  } finally {
    if (voiceRoot) rmSync(voiceRoot, { recursive: true, force: true });
    voiceRoot = null;
  }
}

/** Encodes one rendering and measures it. */
function finish(
  rendered: Rendered,
  lesson: SeedLesson,
  file: string,
  outDir: string,
): RenderingTimings {
  const bytes = encodeMp3(rendered.pcm, join(outDir, 'lessons', file));
  return {
    file,
    duration: seconds(samplesOf(rendered.pcm)),
    bytes,
    lines: rendered.lines,
    questions: rendered.questions,
    syllablesPerSecond: syllableRate(lesson, rendered.lines),
  };
}

function render(
  outDir: string,
  only?: { lessons: ReadonlySet<number>; previous: Timings },
): Timings {
  const lessons: Record<string, Timings['lessons'][string]> = {};
  for (const lesson of LESSONS) {
    const kept = only?.lessons.has(lesson.number)
      ? undefined
      : only?.previous.lessons[String(lesson.number)];
    if (kept) {
      lessons[String(lesson.number)] = kept;
      continue;
    }
    const normal = finish(
      renderDialogue(lesson, NORMAL),
      lesson,
      lessonAudioFile(lesson.number),
      outDir,
    );
    const slow = finish(
      renderDialogue(lesson, SLOW),
      lesson,
      slowLessonAudioFile(lesson.number),
      outDir,
    );
    const natural = finish(
      renderDialogue(lesson, NATURAL),
      lesson,
      naturalLessonAudioFile(lesson.number),
      outDir,
    );
    lessons[String(lesson.number)] = { ...normal, hash: dialogueHash(lesson), slow, natural };
    console.log(
      `${normal.file}: ${lesson.lines.length} lines, ${normal.duration} s ` +
        `(slow ${slow.duration} s, natural ${natural.duration} s; ` +
        `${slow.syllablesPerSecond}/${normal.syllablesPerSecond}/${natural.syllablesPerSecond} syllables/s), ` +
        `${normal.bytes + slow.bytes + natural.bytes} bytes`,
    );
  }

  const words: Record<string, Timings['words'][string]> = {};
  for (const word of distinctWords()) {
    const keptWord = only?.previous.words[word.hu];
    if (keptWord) {
      words[word.hu] = keptWord;
      continue;
    }
    const pcm = Buffer.concat([
      silence(WORD_LEAD),
      speak({ text: word.hu, kind: 'statement' }, 'word', NORMAL),
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
  //   npx tsx supabase/seed/make-audio.ts          everything (about fifteen minutes)
  //   npx tsx supabase/seed/make-audio.ts 7 25     only lessons 7 and 25, the rest kept
  const audioDir = join(HERE, 'audio');
  const selected = process.argv.slice(2).map(Number);
  let timings: Timings;
  if (selected.length > 0) {
    timings = makeAudio(audioDir, { lessons: new Set(selected), previous: loadTimings() });
  } else {
    // Files of words or lessons that no longer exist must not linger in the repository.
    rmSync(join(audioDir, 'lessons'), { recursive: true, force: true });
    rmSync(join(audioDir, 'words'), { recursive: true, force: true });
    timings = makeAudio(audioDir);
  }
  writeFileSync(join(HERE, 'content', 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
  console.log('wrote content/timings.json');
}
