import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudio } from '../../../test/support/audio.ts';
import { findOnPath } from '../../../test/support/no-ffmpeg-env.ts';
import { ANALYSER_DICTIONARY } from '../../../test/support/dictionary.ts';
import { createDispatcher } from '../dispatch.ts';
import { createStudio } from './studio.ts';

const childProcess = createRequire(import.meta.url)('node:child_process') as Record<
  string,
  unknown
>;
const PROCESS_STARTERS = [
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
] as const;

/**
 * Replaces every way of starting a process (CommonJS and ES module bindings alike) with one
 * that records the program and refuses; returns the record and a function that restores them.
 */
function forbidChildProcesses(): { started: string[]; restore: () => void } {
  const started: string[] = [];
  const originals = PROCESS_STARTERS.map((name) => [name, childProcess[name]] as const);
  for (const name of PROCESS_STARTERS) {
    childProcess[name] = (program: unknown) => {
      started.push(`${name} ${String(program)}`);
      throw new Error('the studio may not start a process');
    };
  }
  syncBuiltinESMExports();
  return {
    started,
    restore: () => {
      for (const [name, original] of originals) childProcess[name] = original;
      syncBuiltinESMExports();
    },
  };
}

describe('the studio without any program on PATH', () => {
  const base = mkdtempSync(join(tmpdir(), 'no-child-'));
  const root = join(base, 'lessons');

  beforeAll(() => {
    const lesson = join(root, '05 Posta');
    mkdirSync(lesson, { recursive: true });
    writeAudio(join(lesson, 'dialogue.mp3'), 3, { on: 0.8, off: 0.7 });
    writeAudio(join(lesson, 'levél.wav'), 0.4);
    writeAudio(join(lesson, 'bélyeg.m4a'), 0.5, { codec: ['-c:a', 'aac'] });
    writeFileSync(join(lesson, 'transcript.csv'), 'speaker,line\nanna,Egy bélyeget kérek.\n');
    writeFileSync(
      join(lesson, 'vocabulary.csv'),
      'word_hu,word_en,difficulty\nlevél,letter,beginner\nbélyeg,stamp,beginner\n',
    );
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('imports MP3, WAV and M4A, draws the waveform and analyses words without starting a single process', async () => {
    expect(findOnPath('ffmpeg')).toBeNull();
    const { started, restore } = forbidChildProcesses();
    // The guard holds for ES module imports too (the studio's code imports that way).
    expect(() => execFileSync('true')).toThrow('the studio may not start a process');
    started.length = 0;
    const studio = createStudio({
      dataDir: join(base, 'data'),
      chooseFolder: () => Promise.resolve(root),
      emit: () => undefined,
      mediaUrl: () => 'test://',
      log: () => undefined,
      openExternal: () => Promise.resolve(),
      analyserDictionary: ANALYSER_DICTIONARY,
    });
    try {
      const dispatch = createDispatcher(studio.handlers, () => undefined);
      await dispatch('root:choose', []);
      const report = await dispatch('import:scan-folder', [root]);
      expect(report).toMatchObject({ ok: true, value: { issues: [] } });
      const [lesson] = studio.store.lessons.list();
      expect(lesson?.durationSeconds).toBeCloseTo(3, 1);
      expect(lesson?.matchedWordCount).toBe(2);
      const peaks = await dispatch('drafts:peaks', [lesson?.id ?? 0]);
      expect(peaks).toMatchObject({ ok: true, value: { peaksPerSecond: 100 } });
      const files = studio.store.media.audioFiles(lesson?.id ?? 0);
      expect(files.map((f) => [f.file_name, f.duration_seconds !== null])).toEqual([
        ['dialogue.mp3', true],
        ['bélyeg.m4a', true],
        ['levél.wav', true],
      ]);
      // The words' proposed dictionary forms: hunspell in WebAssembly, not the hunspell on PATH.
      const readings = await dispatch('language:analyse', [['bélyeget']]);
      expect(readings).toEqual({
        ok: true,
        value: { bélyeget: [' st:bélyeg po:noun ts:NOM is:ACC'] },
      });
    } finally {
      restore();
      studio.close();
    }
    expect(started).toEqual([]);
  });
});
