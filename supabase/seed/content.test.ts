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
  wordAudioFile,
} from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import { TOURIST_PACK } from './content/tourist-pack.ts';
import { DIFFICULTIES, SPEAKERS } from './content/types.ts';
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
      l.topic,
      ...l.lines.map(([, text]) => text),
      ...l.words.flatMap((w) => [w.hu, w.en, w.form ?? '']),
    ]),
    ...TOURIST_PACK.flat(),
  ];
}

const timings = loadTimings();

describe('seed content', () => {
  it('has at least 10 lessons numbered 1..n whose levels never fall', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(10);
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

  it('gives every lesson 12–20 dialogue lines spoken by narrator, anna and bence', () => {
    for (const lesson of LESSONS) {
      expect(lesson.lines.length, `lesson ${lesson.number}`).toBeGreaterThanOrEqual(12);
      expect(lesson.lines.length, `lesson ${lesson.number}`).toBeLessThanOrEqual(20);
      const speakers = new Set(lesson.lines.map(([speaker]) => speaker));
      for (const speaker of speakers) expect(SPEAKERS).toContain(speaker);
      expect(speakers.has('anna') && speakers.has('bence'), `lesson ${lesson.number}`).toBe(true);
    }
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

  it('gives every lesson 10–15 distinct words that occur in its dialogue', () => {
    for (const lesson of LESSONS) {
      expect(lesson.words.length, `lesson ${lesson.number}`).toBeGreaterThanOrEqual(10);
      expect(lesson.words.length, `lesson ${lesson.number}`).toBeLessThanOrEqual(15);
      const keys = lesson.words.map((w) => w.hu.toLowerCase());
      expect(new Set(keys).size).toBe(keys.length);
      const dialogue = lesson.lines
        .map(([, text]) => text)
        .join(' ')
        .toLowerCase();
      for (const word of lesson.words) {
        const form = (word.form ?? word.hu).toLowerCase();
        expect(dialogue, `lesson ${lesson.number}: ${word.hu}`).toContain(form);
        expect(word.en.length).toBeGreaterThan(0);
        expect(DIFFICULTIES).toContain(word.difficulty);
      }
    }
  });

  it('has a tourist pack of 150 distinct words, most of them lesson vocabulary', () => {
    expect(TOURIST_PACK).toHaveLength(150);
    const keys = TOURIST_PACK.map(([hu]) => hu.normalize('NFC').toLowerCase());
    expect(new Set(keys).size).toBe(150);
    for (const [hu, en] of TOURIST_PACK) {
      expect(hu.trim()).toBe(hu);
      expect(en.length).toBeGreaterThan(0);
    }
    const vocabulary = new Set(distinctWords().map((w) => w.hu.toLowerCase()));
    const overlap = keys.filter((k) => vocabulary.has(k)).length;
    expect(overlap).toBeGreaterThanOrEqual(100);
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
      expect(entry?.hash, `lesson ${lesson.number}: run make-audio.ts`).toBe(
        dialogueHash(lesson.lines),
      );
      expect(entry?.lines).toHaveLength(lesson.lines.length);
    }
    expect(Object.keys(timings.words).sort()).toEqual(
      distinctWords()
        .map((w) => w.hu)
        .sort(),
    );
  });

  it('has a mono MP3 per dialogue whose increasing line times fit its measured duration', () => {
    let total = 0;
    for (const lesson of LESSONS) {
      const entry = timings.lessons[String(lesson.number)];
      if (!entry) throw new Error(`no timings for lesson ${lesson.number}`);
      const file = join(AUDIO_DIR, 'lessons', lessonAudioFile(lesson.number));
      expect(entry.file).toBe(lessonAudioFile(lesson.number));
      const info = probe(file);
      expect(info.streams[0]).toMatchObject({ codec_name: 'mp3', channels: 1 });
      expect(info.format.format_name).toBe('mp3');
      const measured = Number(info.format.duration);
      expect(Math.abs(measured - entry.duration)).toBeLessThan(0.15);
      expect(mp3Info(readFileSync(file))).toMatchObject({ sampleRate: 22_050, channels: 1 });
      let previousEnd = 0;
      for (const line of entry.lines) {
        expect(line.start).toBeGreaterThanOrEqual(previousEnd);
        expect(line.end).toBeGreaterThan(line.start);
        expect(line.end - line.start).toBeLessThanOrEqual(6);
        expect(Number(line.start.toFixed(2))).toBe(line.start);
        expect(Number(line.end.toFixed(2))).toBe(line.end);
        previousEnd = line.end;
      }
      expect(previousEnd).toBeLessThanOrEqual(measured);
      const bytes = statSync(file).size;
      expect(bytes).toBe(entry.bytes);
      total += bytes;
    }
    expect(total).toBeLessThan(4 * 1024 * 1024);
  });

  it('has a valid MP3 for every vocabulary word', () => {
    for (const word of distinctWords()) {
      const file = join(AUDIO_DIR, 'words', wordAudioFile(word.hu));
      expect(existsSync(file), file).toBe(true);
      const info = mp3Info(readFileSync(file));
      expect(info).toMatchObject({ sampleRate: 22_050, channels: 1, bitrateKbps: 32 });
      expect(Math.abs(info.duration - (timings.words[word.hu]?.duration ?? 0))).toBeLessThan(0.15);
      expect(info.duration).toBeLessThan(4);
      expect(statSync(file).size).toBe(timings.words[word.hu]?.bytes);
    }
  });
});
