import { alignLines } from '@magyarul/core/align';
import { describe as suite, expect, it } from 'vitest';
import { boundaryErrors, percentile } from '../../../../test/support/alignment-accuracy.ts';
import { humanRecording } from '../../../../test/support/human-recording.ts';
import type { Dialogue } from '../../../../test/support/synthetic-dialogue.ts';
import { makeDialogue } from '../../../../test/support/synthetic-dialogue.ts';
import { espeakSynthesiser } from './espeak-synthesiser.ts';

// Two voices unlike the reference (eSpeak's default voice at its default rate), pauses inside
// lines longer than some between lines, and noise 20 dB under the speech.
const LINES = [
  ['narrator', 'Tizenegy órakor Anna és Bence a szállodában vannak.'],
  ['anna', 'Jó napot! Van egy foglalásunk.'],
  ['bence', 'Szabó Bence vagyok, két éjszakára.'],
  ['anna', 'Köszönjük. Mikor van a reggeli?'],
  ['bence', 'Hét és tíz óra között.'],
  ['anna', 'Rendben, köszönöm szépen.'],
] as const;

const dialogue = (): Promise<Dialogue> =>
  makeDialogue({
    lines: LINES.map(([speaker, text]) => ({ speaker, text })),
    voices: {
      narrator: { voice: 'hu+m3', rate: 150, pitch: 35 },
      anna: { voice: 'hu+f2', rate: 190, pitch: 75 },
      bence: { voice: 'hu+klatt2', rate: 160, pitch: 45 },
    },
    gaps: [0.3, 0.9, 0.25, 0.6],
    innerPauses: [0.75, 0.6],
    snrDb: 20,
    seed: 28,
  });

suite('forced alignment accuracy', () => {
  it('returns line boundaries within 100 ms (median) and 250 ms (p95), words within 150 ms', async () => {
    const d = await dialogue();
    const aligned = await alignLines(
      {
        lines: d.lines.map((line, id) => ({ id, text: line.text, anchor: null })),
        samples: d.samples,
        sampleRate: d.sampleRate,
        voice: 'hu',
      },
      espeakSynthesiser,
    );
    const errors = boundaryErrors(aligned, d.lines);
    expect(percentile(errors.lines, 50)).toBeLessThan(0.1);
    expect(percentile(errors.lines, 95)).toBeLessThan(0.25);
    expect(percentile(errors.words, 50)).toBeLessThan(0.15);
  });

  it('returns hand-timed lines as they are and aligns the lines around them', async () => {
    const d = await dialogue();
    // Line 3 timed by hand 80 ms wider than its speech: kept to the millisecond.
    const third = d.lines[2];
    if (!third) throw new Error('no third line');
    const anchor = { start: third.start - 0.08, end: third.end + 0.08 };
    const aligned = await alignLines(
      {
        lines: d.lines.map((line, id) => ({
          id,
          text: line.text,
          anchor: id === 2 ? anchor : null,
        })),
        samples: d.samples,
        sampleRate: d.sampleRate,
        voice: 'hu',
      },
      espeakSynthesiser,
    );
    expect(aligned[2]).toMatchObject({
      startTime: anchor.start,
      endTime: anchor.end,
      anchored: true,
    });
    const others = boundaryErrors(
      aligned.filter((_, i) => i !== 2),
      d.lines.filter((_, i) => i !== 2),
    );
    expect(percentile(others.lines, 95)).toBeLessThan(0.25);
    // Its words are placed inside it.
    const words = aligned[2]?.tokens ?? [];
    expect(words[0]?.startTime).toBeGreaterThanOrEqual(anchor.start - 0.0005);
    expect(words.at(-1)?.endTime).toBeLessThanOrEqual(anchor.end + 0.0005);
  });

  it('returns line and word boundaries within the targets on a human recording (Spanish, 8 kHz) with hand-marked times', async () => {
    const recording = await humanRecording();
    const aligned = await alignLines(
      {
        lines: recording.lines.map((line, id) => ({ id, text: line.text, anchor: null })),
        samples: recording.samples,
        sampleRate: recording.sampleRate,
        voice: recording.voice,
      },
      espeakSynthesiser,
    );
    const errors = boundaryErrors(aligned, recording.lines);
    expect(errors.words).toHaveLength(70);
    expect(percentile(errors.lines, 50)).toBeLessThan(0.1);
    expect(percentile(errors.lines, 95)).toBeLessThan(0.25);
    expect(percentile(errors.words, 50)).toBeLessThan(0.15);
  });
});
