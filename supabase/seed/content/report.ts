// Prints the course check's figures per lesson, for whoever edits the content:
//
//   npx tsx supabase/seed/content/report.ts [lesson number…]
//
// Unknown words (not taught, not a name, not glossed), misspellings, the share of reused words
// and of frequent taught words. course.test.ts asserts the same measures.
import { fileURLToPath } from 'node:url';
import {
  analyseCourse,
  frequentForms,
  frequentLemmas,
  isFrequent,
  laterLessons,
  NAMES,
  reuseShare,
  tokens,
} from './course-check.ts';
import { misspelled } from './hunspell.ts';
import { firstHearings, firstHearingShare, isNewToken, newTokenShare } from './new-tokens.ts';
import { LESSONS } from './lessons.ts';

export const FREQUENCY_FILE = new URL('../data/hu-frequency.txt', import.meta.url);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = new Set(process.argv.slice(2).map(Number));
  const analysis = analyseCourse(LESSONS);
  const first = firstHearings(analysis);
  const lemmas = frequentLemmas(frequentForms(FREQUENCY_FILE));
  const names = new Set(NAMES);
  let frequent = 0;
  let total = 0;
  for (const lesson of LESSONS) {
    const items = analysis.taught.get(lesson.number) ?? [];
    const rare = items.filter((i) => !isFrequent(i.hu, lemmas)).map((i) => i.hu);
    frequent += items.length - rare.length;
    total += items.length;
    if (only.size > 0 && !only.has(lesson.number)) continue;
    const unknown = analysis.uses
      .filter((u) => u.lesson === lesson.number && u.by === null)
      .map((u) => `${u.token}(${u.line})`);
    const used = analysis.used.get(lesson.number) ?? new Set();
    const unused = items.filter((i) => !used.has(i.hu)).map((i) => i.hu);
    const texts = [
      ...lesson.lines.map(([, text]) => text),
      ...lesson.words.map((w) => w.hu),
      ...(lesson.glosses ?? []).map((g) => g.form),
    ];
    const spelling = misspelled(texts.flatMap((t) => t.match(/[\p{L}]+/gu) ?? [])).filter(
      (w) => !names.has(w),
    );
    const share = newTokenShare(analysis, lesson.number);
    const heard = firstHearingShare(analysis, lesson.number, first);
    console.log(
      `#${lesson.number} ${lesson.title}: ${items.length} new, reuse ${(reuseShare(analysis, lesson.number) * 100).toFixed(0)} %, ` +
        `${lesson.lines.length} lines, ${tokens(lesson.lines.map(([, t]) => t).join(' ')).length} tokens, ` +
        `new tokens ${share.new}/${share.tokens} = ${(share.share * 100).toFixed(1)} %, ` +
        `first hearings ${heard.new}/${heard.tokens} = ${(heard.share * 100).toFixed(1)} %`,
    );
    const fresh = analysis.uses
      .filter((u) => u.lesson === lesson.number && isNewToken(analysis, u))
      .map((u) => u.token);
    console.log(`   new tokens: ${fresh.join(' ')}`);
    const firstHeard = analysis.uses
      .filter((u, i) => u.lesson === lesson.number && first.has(i))
      .map((u) => `${u.token}(${u.line})`);
    console.log(`   first hearings: ${firstHeard.join(' ')}`);
    // Items taught before this lesson that are still heard in fewer than three later lessons,
    // with the lessons that use them so far (what this lesson could recycle).
    const owed = [...analysis.lessonOf.entries()]
      .filter(([, n]) => n < lesson.number && n <= 27)
      .map(([hu, n]) => ({ hu, n, later: laterLessons(analysis, hu) }))
      .filter((x) => x.later.length < 3)
      .filter((x) => !x.later.includes(lesson.number));
    if (owed.length) {
      console.log(
        `   owed (${owed.length}): ${owed.map((x) => `${x.hu}[${x.n}:${x.later.length}]`).join(' ')}`,
      );
    }
    if (unknown.length) console.log(`   unknown: ${unknown.join(' ')}`);
    if (unused.length) console.log(`   taught but unused: ${unused.join(', ')}`);
    if (spelling.length) console.log(`   misspelled: ${spelling.join(', ')}`);
    if (rare.length) console.log(`   not frequent: ${rare.join(', ')}`);
  }
  console.log(
    `frequent taught items: ${frequent}/${total} = ${((frequent / total) * 100).toFixed(1)} %`,
  );
}
