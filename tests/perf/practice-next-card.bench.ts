// Typed practice cards: the work between the learner pressing Check and the next card being
// known, in core, for every word and line of the seed course. Per answer: the typed answer is
// checked against the vocabulary field (a near miss with its diff, or right) or the dictated line
// word by word, rated, scheduled with FSRS (reviewItem, fitted weights, desired retention), and
// the session queue moves on to the next card of a 50-card mixed session. The browser's part
// (rendering the card) is measured by web-flashcards.bench.ts for today's cards; the typed card's
// screen adds it on top. Target as for today's cards: answer → next card median < 50 ms.
import { performance } from 'node:perf_hooks';
import { checkAnswer, checkLine } from '@magyarul/core/answers';
import { mulberry32 } from '@magyarul/core/flashcards';
import {
  answerPractice,
  interleaveItems,
  practiceCard,
  startPractice,
} from '@magyarul/core/practice';
import type { SessionItem } from '@magyarul/core/practice';
import {
  DEFAULT_WEIGHTS,
  newWordProgress,
  ratingForTypedAnswer,
  reviewItem,
  skillCardId,
} from '@magyarul/core/srs';
import type { WordProgress } from '@magyarul/core/srs';
import { LESSONS } from '../../supabase/seed/content/lessons.ts';

const TARGET_MS = 50;
const ROUNDS = 3;

type Card = SessionItem & { expected: string };

const words: Card[] = LESSONS.flatMap((lesson) =>
  lesson.words.map((w, i) => ({
    itemId: `w${lesson.number}-${i}`,
    skill: 'recall' as const,
    due: null,
    expected: w.hu,
  })),
);
const lines: Card[] = LESSONS.flatMap((lesson) =>
  lesson.lines.map(([, text], i) => ({
    itemId: `l${lesson.number}-${i}`,
    skill: 'dictation' as const,
    due: null,
    expected: text,
  })),
);

/** What a learner types: right, without accents, or with a letter dropped. */
function typedFor(expected: string, random: () => number): string {
  const r = random();
  if (r < 0.5) return expected;
  if (r < 0.8) return expected.normalize('NFD').replace(/\p{M}/gu, '');
  const at = Math.floor(random() * expected.length);
  return expected.slice(0, at) + expected.slice(at + 1);
}

const random = mulberry32(30);
const weights = [...DEFAULT_WEIGHTS];
const progress = new Map<string, WordProgress>();
const samples: number[] = [];
const now = new Date('2026-06-15T10:00:00Z');
for (let round = 0; round < ROUNDS; round++) {
  const pool = [...words, ...lines];
  for (let start = 0; start < pool.length; start += 50) {
    let queue = startPractice(interleaveItems(pool.slice(start, start + 50)));
    for (let card = practiceCard(queue); card !== null; card = practiceCard(queue)) {
      const typed = typedFor(card.expected, random);
      const t0 = performance.now();
      const correct =
        card.skill === 'dictation'
          ? checkLine(typed, card.expected).right
          : checkAnswer(typed, card.expected).verdict === 'right';
      const rating = ratingForTypedAnswer({
        correct,
        expectedLength: card.expected.length,
        durationMs: 4000,
      });
      const id = skillCardId('learner', card.itemId, card.skill);
      const { progress: next } = reviewItem(progress.get(id) ?? newWordProgress(now), rating, now, {
        cardId: id,
        parameters: weights,
        retention: 0.9,
      });
      progress.set(id, next);
      queue = answerPractice(queue, !correct);
      practiceCard(queue);
      samples.push(performance.now() - t0);
    }
  }
}

samples.sort((a, b) => a - b);
const at = (p: number) =>
  samples[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? NaN;
const median = at(0.5);
console.log(
  `typed answer → next card in core (${samples.length} answers: ${words.length} words and ` +
    `${lines.length} dictated lines × ${ROUNDS}): median ${median.toFixed(3)} ms, p95 ` +
    `${at(0.95).toFixed(3)} ms, max ${(samples.at(-1) ?? 0).toFixed(3)} ms`,
);
console.log(`median / target: ${(median / TARGET_MS).toFixed(4)}`);
console.log(
  `${median < TARGET_MS ? 'PASS' : 'FAIL'}: typed answer → next card median ${median.toFixed(3)} ms (target < ${TARGET_MS} ms)`,
);
process.exitCode = median < TARGET_MS ? 0 : 1;
