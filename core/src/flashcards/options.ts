import type { FlashcardOption } from './card.ts';
import { optionKey } from './meaning.ts';
import { shuffle } from './random.ts';
import type { Random } from './random.ts';

export const OPTIONS_PER_CARD = 4;

/**
 * Four distinct options: the answer plus three distractors taken, in order of preference, from
 * each candidate list (each list shuffled first). Options are distinct by optionKey (NFC, case
 * and spacing), never accent-stripped, so "kor" is a valid distractor for "kör" while "Hallo"
 * and "hallo" are one option. Blank candidates are skipped. The result is shuffled.
 * Throws only when all lists together cannot supply three distinct distractors.
 */
export function buildOptions(
  answer: string,
  audioUrl: string | null | undefined,
  candidateLists: readonly (readonly string[])[],
  random: Random,
): FlashcardOption[] {
  const correct = answer.normalize('NFC');
  const used = new Set<string>([optionKey(correct)]);
  const distractors: string[] = [];
  for (const list of candidateLists) {
    for (const candidate of shuffle(list, random)) {
      if (distractors.length === OPTIONS_PER_CARD - 1) break;
      const text = candidate.normalize('NFC').trim();
      const key = optionKey(text);
      if (key === '' || used.has(key)) continue;
      used.add(key);
      distractors.push(text);
    }
  }
  if (distractors.length < OPTIONS_PER_CARD - 1) {
    throw new Error('Not enough distinct distractors for a flashcard');
  }
  const options: FlashcardOption[] = [
    audioUrl ? { text: correct, isCorrect: true, audioUrl } : { text: correct, isCorrect: true },
    ...distractors.map((text) => ({ text, isCorrect: false })),
  ];
  return shuffle(options, random);
}
