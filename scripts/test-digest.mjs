import { stripVTControlCharacters } from 'node:util';

// Picks out of a suite's output the lines that name what failed: vitest's FAIL and × lines,
// Playwright's ✘ lines, assertion and error headlines, ESLint and tsc errors, Prettier's
// unformatted files, pgTAP's "not ok" and coverage-threshold errors. Used by scripts/test.mjs.

const FAILURE_LINE = [
  /^\s*FAIL\s/, // vitest: FAIL  project file > suite > test
  /^\s*×\s/, // vitest: × test name
  /^\s*✘\s/, // playwright list reporter
  /^\s*\d+\) \[/, // playwright: 1) [chromium] › file:line › title
  /^\s*\d+ (failed|flaky)\b/, // playwright totals
  /^\s*(Test Files|Tests)\s+.*\bfailed\b/, // vitest totals
  /\b(AssertionError|TypeError|ReferenceError|TimeoutError)\b/,
  /^\s*Error: /,
  /Test timed out|Timed out \d+ms|Timeout of \d+ms/,
  /Unhandled (Rejection|Error)/,
  /ERROR: Coverage/,
  /^\s*\d+:\d+\s+error\s/, // eslint
  /error TS\d+/, // tsc
  /^\[warn\] (?!Code style issues)/, // prettier
  /^\s*not ok\b/, // TAP
];

/** @param {string} output @param {number} [limit] @returns {string[]} */
export function failureDigest(output, limit = 60) {
  const seen = new Set();
  const lines = [];
  for (const raw of stripVTControlCharacters(output).split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (!FAILURE_LINE.some((pattern) => pattern.test(line))) continue;
    const shown = line.trim().length > 300 ? `${line.trim().slice(0, 297)}...` : line.trim();
    if (seen.has(shown)) continue;
    seen.add(shown);
    lines.push(shown);
    if (lines.length === limit) {
      lines.push('(more failure lines above)');
      break;
    }
  }
  return lines;
}

/**
 * Playwright's "N flaky" block (tests that failed and then passed on a retry) as lines, or []:
 * a retried test passes the suite, so the summary names it instead of letting it pass unseen.
 * @param {string} output @returns {string[]}
 */
export function flakyDigest(output) {
  const lines = stripVTControlCharacters(output).split(/\r?\n/);
  const start = lines.findIndex((line) => /^\s*\d+ flaky\s*$/.test(line));
  if (start < 0) return [];
  const block = [lines[start]?.trim() ?? ''];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s{4,}\S/.test(line)) break;
    block.push(line.trim());
  }
  return block;
}
