// The value of a Hungarian numeral written in letters (tizenöt 15, négyszázhuszonhárom 423,
// háromezer-ötszáz 3500), for the meaning of a numeral token: its digits, the same in English,
// German and Spanish.
const VALUES: readonly (readonly [string, number])[] = (
  [
    ['egy', 1],
    ['kettő', 2],
    ['két', 2],
    ['három', 3],
    ['négy', 4],
    ['öt', 5],
    ['hat', 6],
    ['hét', 7],
    ['nyolc', 8],
    ['kilenc', 9],
    ['tíz', 10],
    ['tizen', 10],
    ['húsz', 20],
    ['huszon', 20],
    ['harminc', 30],
    ['negyven', 40],
    ['ötven', 50],
    ['hatvan', 60],
    ['hetven', 70],
    ['nyolcvan', 80],
    ['kilencven', 90],
    ['száz', 100],
    ['ezer', 1000],
  ] as const
)
  .slice()
  // Longest first, so hatvan is read as one morpheme and not as hat + van.
  .sort((a, b) => b[0].length - a[0].length);

/** The numeral's value, or null when the word is not made of number morphemes only. */
export function numberValue(word: string): number | null {
  let rest = word.normalize('NFC').toLowerCase().replace(/-/g, '');
  let total = 0;
  let current = 0;
  let parts = 0;
  while (rest.length > 0) {
    const found = VALUES.find(([m]) => rest.startsWith(m));
    if (!found) return null;
    const [morpheme, value] = found;
    if (value === 100) current = (current || 1) * 100;
    else if (value === 1000) {
      total += (current || 1) * 1000;
      current = 0;
    } else current += value;
    rest = rest.slice(morpheme.length);
    parts += 1;
  }
  return parts > 0 ? total + current : null;
}
