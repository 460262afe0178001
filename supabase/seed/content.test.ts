import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_DIR,
  audioSlug,
  dialogueHash,
  distinctWords,
  lessonAudioFile,
  loadTimings,
  naturalLessonAudioFile,
  slowLessonAudioFile,
  wordAudioFile,
} from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import { TOURIST_PACK } from './content/tourist-pack.ts';
import { DIFFICULTIES, SPEAKERS } from './content/types.ts';
import { BITRATE_KBPS, MP3_SAMPLE_RATE } from './make-audio.ts';
import { mp3Info } from './mp3-info.ts';

type Probe = {
  streams: { codec_name: string; channels: number; sample_rate: string }[];
  format: { duration: string; format_name: string };
};

function probe(file: string): Probe {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,channels,sample_rate:format=duration,format_name',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(out.toString()) as Probe;
}

function allTexts(): string[] {
  return [
    ...LESSONS.flatMap((l) => [
      l.title,
      l.description,
      l.de.title,
      l.de.description,
      l.es.title,
      l.es.description,
      l.topic,
      ...l.notes.flatMap((n) => [...n.forms, ...Object.values(n.title), ...Object.values(n.body)]),
      ...(l.characters ?? []).flatMap((c) => Object.values(c.name)),
      ...l.lines.flatMap(([, text, t]) => [text, t.en, t.de, t.es]),
      ...l.words.flatMap((w) => [w.hu, w.en, w.de, w.es, ...(w.forms ?? [])]),
    ]),
    ...TOURIST_PACK.flat(),
  ];
}

const timings = loadTimings();

describe('seed content', () => {
  it('has 30 lessons numbered 1..n whose levels never fall', () => {
    expect(LESSONS.length).toBe(30);
    expect(LESSONS.map((l) => l.number)).toEqual(LESSONS.map((_, i) => i + 1));
    const ranks = LESSONS.map((l) => DIFFICULTIES.indexOf(l.level));
    expect(ranks[0]).toBe(0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const lesson of LESSONS) {
      expect(lesson.title.length).toBeGreaterThan(0);
      expect(lesson.description.length).toBeGreaterThan(20);
      expect(lesson.topic.length).toBeGreaterThan(0);
    }
    expect(new Set(LESSONS.map((l) => l.topic)).size).toBe(LESSONS.length);
  });

  it('gives every lesson 12–60 dialogue lines by the narrator, Anna, Bence and the characters', () => {
    let both = 0;
    for (const lesson of LESSONS) {
      // Recycling lengthens the dialogues (issue 32); the last lessons look back on the year.
      expect(lesson.lines.length, `lesson ${lesson.number}`).toBeGreaterThanOrEqual(12);
      expect(lesson.lines.length, `lesson ${lesson.number}`).toBeLessThanOrEqual(60);
      const speakers = new Set(lesson.lines.map(([speaker]) => speaker));
      for (const speaker of speakers) expect(SPEAKERS).toContain(speaker);
      // A scene with staff may have only one of them (the staff are lesson characters).
      expect(speakers.has('anna') || speakers.has('bence'), `lesson ${lesson.number}`).toBe(true);
      if (speakers.has('anna') && speakers.has('bence')) both += 1;
    }
    expect(both).toBeGreaterThanOrEqual(20);
  });

  it('writes every text in NFC and spells Hungarian with ő and ű, never õ or û', () => {
    const texts = allTexts();
    for (const text of texts) {
      expect(text, JSON.stringify(text)).toBe(text.normalize('NFC'));
      expect(text).not.toMatch(/[õûÕÛ]/u);
    }
    const dialogue = LESSONS.flatMap((l) => l.lines.map(([, text]) => text)).join(' ');
    expect(dialogue).toMatch(/ő/u);
    expect(dialogue).toMatch(/ű|Ű/u);
  });

  it('gives every lesson 10–20 distinct words with a valid difficulty', () => {
    // That each word occurs in its dialogue is course.test.ts's coverage check (it knows the
    // inflected forms through hunspell-hu).
    for (const lesson of LESSONS) {
      expect(lesson.words.length, `lesson ${lesson.number}`).toBeGreaterThanOrEqual(10);
      expect(lesson.words.length, `lesson ${lesson.number}`).toBeLessThanOrEqual(20);
      const keys = lesson.words.map((w) => w.hu.toLowerCase());
      expect(new Set(keys).size).toBe(keys.length);
      for (const word of lesson.words) {
        expect(word.en.length).toBeGreaterThan(0);
        expect(DIFFICULTIES).toContain(word.difficulty);
      }
    }
  });

  it('has a tourist pack of 150 distinct, trimmed entries with four texts each', () => {
    expect(TOURIST_PACK).toHaveLength(150);
    const keys = TOURIST_PACK.map(([hu]) => hu.normalize('NFC').toLowerCase());
    expect(new Set(keys).size).toBe(150);
    for (const entry of TOURIST_PACK) {
      expect(entry).toHaveLength(4);
      for (const text of entry) {
        expect(text.trim()).toBe(text);
        expect(text.length).toBeGreaterThan(0);
      }
    }
  });

  it('names word audio with distinct ASCII slugs that keep accented words apart', () => {
    expect(audioSlug('kör')).toBe('koer');
    expect(audioSlug('kór')).toBe('koor');
    expect(audioSlug('kor')).toBe('kor');
    expect(audioSlug('Köszönöm szépen')).toBe('koeszoenoem-szeepen');
    expect(audioSlug('ű')).not.toBe(audioSlug('ü'));
    const slugs = distinctWords().map((w) => audioSlug(w.hu));
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has timings made from the current dialogue text', () => {
    expect(Object.keys(timings.lessons)).toHaveLength(LESSONS.length);
    for (const lesson of LESSONS) {
      const entry = timings.lessons[String(lesson.number)];
      expect(entry?.hash, `lesson ${lesson.number}: run make-audio.ts`).toBe(dialogueHash(lesson));
      expect(entry?.lines).toHaveLength(lesson.lines.length);
      expect(entry?.slow.lines).toHaveLength(lesson.lines.length);
      expect(entry?.natural.lines).toHaveLength(lesson.lines.length);
    }
    expect(Object.keys(timings.words).sort()).toEqual(
      distinctWords()
        .map((w) => w.hu)
        .sort(),
    );
  });

  it('has a slow, a normal and a natural mono MP3 per dialogue whose increasing line times fit its measured duration', () => {
    let total = 0;
    for (const lesson of LESSONS) {
      const entry = timings.lessons[String(lesson.number)];
      if (!entry) throw new Error(`no timings for lesson ${lesson.number}`);
      expect(entry.file).toBe(lessonAudioFile(lesson.number));
      expect(entry.slow.file).toBe(slowLessonAudioFile(lesson.number));
      expect(entry.natural.file).toBe(naturalLessonAudioFile(lesson.number));
      for (const rendering of [entry, entry.slow, entry.natural]) {
        const file = join(AUDIO_DIR, 'lessons', rendering.file);
        const info = probe(file);
        expect(info.streams[0]).toMatchObject({ codec_name: 'mp3', channels: 1 });
        expect(info.format.format_name).toBe('mp3');
        const measured = Number(info.format.duration);
        expect(Math.abs(measured - rendering.duration)).toBeLessThan(0.15);
        expect(mp3Info(readFileSync(file))).toMatchObject({
          sampleRate: MP3_SAMPLE_RATE,
          channels: 1,
        });
        let previousEnd = 0;
        for (const line of rendering.lines) {
          expect(line.start).toBeGreaterThanOrEqual(previousEnd);
          expect(line.end).toBeGreaterThan(line.start);
          // A line is a turn, not a monologue: at most 14 s at normal speed (the longest are the
          // look back on the year in lesson 30), 20 s slow.
          expect(line.end - line.start).toBeLessThanOrEqual(rendering === entry.slow ? 20 : 14);
          expect(Number(line.start.toFixed(2))).toBe(line.start);
          expect(Number(line.end.toFixed(2))).toBe(line.end);
          previousEnd = line.end;
        }
        expect(previousEnd).toBeLessThanOrEqual(measured);
        const bytes = statSync(file).size;
        expect(bytes).toBe(rendering.bytes);
        total += bytes;
      }
      // The slow rendering is slower line by line, not only in its pauses; the natural one faster.
      lesson.lines.forEach((_, i) => {
        const normal = entry.lines[i];
        const slow = entry.slow.lines[i];
        const natural = entry.natural.lines[i];
        if (!normal || !slow || !natural) {
          throw new Error(`lesson ${lesson.number} line ${i + 1}: no times`);
        }
        expect(slow.end - slow.start).toBeGreaterThan((normal.end - normal.start) * 1.2);
        expect(natural.end - natural.start).toBeLessThan(normal.end - normal.start);
      });
      expect(entry.slow.duration).toBeGreaterThan(entry.duration * 1.3);
      expect(entry.natural.duration).toBeLessThan(entry.duration * 0.8);
    }
    const words = distinctWords().reduce(
      (sum, w) => sum + statSync(join(AUDIO_DIR, 'words', wordAudioFile(w.hu))).size,
      0,
    );
    console.log(
      `audio: dialogues ${(total / 1024 / 1024).toFixed(1)} MiB (slow, normal and natural), ` +
        `words ${(words / 1024 / 1024).toFixed(1)} MiB, at ${BITRATE_KBPS} kbit/s`,
    );
    // About three hours of speech at 24 kbit/s: three renderings of about 55 minutes of dialogue.
    expect(total + words).toBeLessThan(40 * 1024 * 1024);
    // ffprobe on 90 files: more than the default minute on a busy machine.
  }, 300_000);

  it('has a valid MP3 for every vocabulary word', () => {
    for (const word of distinctWords()) {
      const file = join(AUDIO_DIR, 'words', wordAudioFile(word.hu));
      expect(existsSync(file), file).toBe(true);
      const info = mp3Info(readFileSync(file));
      expect(info).toMatchObject({
        sampleRate: MP3_SAMPLE_RATE,
        channels: 1,
        bitrateKbps: BITRATE_KBPS,
      });
      expect(Math.abs(info.duration - (timings.words[word.hu]?.duration ?? 0))).toBeLessThan(0.15);
      expect(info.duration).toBeLessThan(4);
      expect(statSync(file).size).toBe(timings.words[word.hu]?.bytes);
    }
  });
});
