// Hungarian sentence intonation for the synthetic voices. espeak-ng gives every question a
// final rise, which is wrong for most Hungarian questions:
//   - yes/no questions rise on the second-to-last syllable and fall on the last
//     (Szereted a munkádat? → munKÁdat↘);
//   - questions with a question word fall like statements (Hol laksz?);
//   - alternative questions (Kávét vagy teát?) fall at the end;
//   - elliptical questions with és (És te?) do rise at the end.
// make-audio.ts splits each line into chunks, classifies them here, and for a yes/no question
// moves the stress to the second-to-last syllable in espeak's phoneme string, so the voice's
// question tune (rise on the stressed syllable, low tail) lands where Hungarian puts it.

export type ChunkKind = 'statement' | 'yes-no' | 'wh' | 'alternative' | 'elliptical';

export type Chunk = { readonly text: string; readonly kind: ChunkKind };

/** Question words (and their inflected forms the course uses) that make a wh-question. */
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'hol',
  'hova',
  'hová',
  'honnan',
  'merre',
  'meddig',
  'mikor',
  'mióta',
  'miért',
  'mi',
  'mit',
  'mik',
  'mire',
  'miben',
  'mivel',
  'ki',
  'kit',
  'kivel',
  'kinek',
  'kié',
  'melyik',
  'milyen',
  'milyet',
  'mennyi',
  'mennyit',
  'mennyibe',
  'hány',
  'hányas',
  'hányadik',
  'hogy',
  'hogyan',
]);

/** The word after a leading és that marks an elliptical question (És te? És a kávé?). */
const ELLIPSIS_STARTS: ReadonlySet<string> = new Set(['ön', 'te', 'a', 'az', 'utána', 'ha']);

function words(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}-]+/gu) ?? []).map((w) => w.toLowerCase());
}

export function chunkKind(text: string): ChunkKind {
  const trimmed = text.trim();
  if (!trimmed.endsWith('?')) return 'statement';
  const ws = words(trimmed);
  if (ws.slice(0, 3).some((w) => QUESTION_WORDS.has(w))) return 'wh';
  // "vagy" between two alternatives (not the verb at the end: Hogy vagy? Éhes vagy?)
  const or = ws.indexOf('vagy');
  if (or > 0 && or < ws.length - 1) return 'alternative';
  // És te? És a kávé? És ha nem lesz jobb? (no verb of their own: the end rises)
  if (ws[0] === 'és' && ws.length <= 5 && ELLIPSIS_STARTS.has(ws[1] ?? '')) return 'elliptical';
  return 'yes-no';
}

/**
 * A line cut into the pieces that are spoken with their own intonation: sentences, and the
 * quoted speech after a colon (A pincér kérdezi: Mit kérnek?).
 */
export function chunks(line: string): Chunk[] {
  const pieces = line
    .normalize('NFC')
    .split(/(?<=[.!?:…])\s+(?=\S)/u)
    .map((p) => p.trim())
    .filter(Boolean);
  return pieces.map((text) => ({ text, kind: chunkKind(text) }));
}

/** espeak-ng's Hungarian vowel mnemonics, long ones first. */
const VOWEL = /a:|e:|i:|o:|u:|y:|Y:|A|E|a|e|i|o|u|y|Y/g;

/**
 * Moves the stress of a phoneme string (espeak-ng -x output) to its second-to-last syllable:
 * no stress mark after that syllable's vowel, a primary stress right before it. With one
 * syllable the string is returned unchanged.
 */
export function stressPenultimate(phonemes: string): string {
  const vowels = [...phonemes.matchAll(VOWEL)].map((m) => m.index);
  if (vowels.length < 2) return phonemes;
  const penult = vowels[vowels.length - 2] ?? 0;
  const before = vowels[vowels.length - 3] ?? -1;
  const head = phonemes.slice(0, penult);
  const tail = phonemes.slice(penult).replace(/[',]/g, '');
  // Any stress mark already on the penultimate syllable (between the previous vowel and its
  // own) is dropped; the primary stress goes directly before its vowel.
  const onsetStart = before + 1;
  const onset = head.slice(onsetStart).replace(/[',]/g, '');
  return `${head.slice(0, onsetStart)}${onset}'${tail}`;
}
