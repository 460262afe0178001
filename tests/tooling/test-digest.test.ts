import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { failureDigest, flakyDigest } from '../../scripts/test-digest.mjs';

const digest = failureDigest as (output: string, limit?: number) => string[];
const flaky = flakyDigest as (output: string) => string[];

describe('npm test failure digest', () => {
  it('returns vitest FAIL, × and assertion lines without colour codes, each once', () => {
    const output = [
      '\u001b[32m✓\u001b[39m core src/csv/create-flow.test.ts (40 tests) 120ms',
      '\u001b[31m × \u001b[39mreturns the saved flag after a write 5012ms',
      ' FAIL  web src/lesson/viewer.test.tsx > viewer > returns the saved flag after a write',
      'AssertionError: expected false to be true',
      ' FAIL  web src/lesson/viewer.test.tsx > viewer > returns the saved flag after a write',
      '  Test Files  1 failed | 94 passed (95)',
      '-------------------|---------|----------|',
      'All files          |   99.87 |    97.1  |',
    ].join('\n');
    expect(digest(output)).toEqual([
      '× returns the saved flag after a write 5012ms',
      'FAIL  web src/lesson/viewer.test.tsx > viewer > returns the saved flag after a write',
      'AssertionError: expected false to be true',
      'Test Files  1 failed | 94 passed (95)',
    ]);
  });

  it('returns Playwright, ESLint, tsc, Prettier, TAP and coverage failures', () => {
    const output = [
      '  ✘  12 e2e/lesson.spec.ts:54:3 › lesson viewer › Try Again (11.6s)',
      '  1) [chromium] › e2e/lesson.spec.ts:54:3 › lesson viewer › Try Again',
      '    Error: expect(locator).toBeVisible() failed',
      '  1 failed',
      '  12:3  error  Unexpected any  @typescript-eslint/no-explicit-any',
      'web/src/a.ts:4:7 - error TS2322: Type string is not assignable to type number.',
      '[warn] web/src/a.ts',
      '[warn] Code style issues found in the above file. Run Prettier with --write to fix.',
      'not ok 7 - learners cannot read other progress',
      'ERROR: Coverage for lines (89%) does not meet global threshold (90%)',
    ].join('\n');
    expect(digest(output)).toEqual([
      '✘  12 e2e/lesson.spec.ts:54:3 › lesson viewer › Try Again (11.6s)',
      '1) [chromium] › e2e/lesson.spec.ts:54:3 › lesson viewer › Try Again',
      'Error: expect(locator).toBeVisible() failed',
      '1 failed',
      '12:3  error  Unexpected any  @typescript-eslint/no-explicit-any',
      'web/src/a.ts:4:7 - error TS2322: Type string is not assignable to type number.',
      '[warn] web/src/a.ts',
      'not ok 7 - learners cannot read other progress',
      'ERROR: Coverage for lines (89%) does not meet global threshold (90%)',
    ]);
  });

  it('returns nothing for a passing run and stops at the limit', () => {
    expect(digest('✓ all good\n Test Files  95 passed (95)')).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => `not ok ${i} - case ${i}`).join('\n');
    expect(digest(many, 3)).toEqual([
      'not ok 0 - case 0',
      'not ok 1 - case 1',
      'not ok 2 - case 2',
      '(more failure lines above)',
    ]);
  });

  it('returns the tests Playwright passed only on a retry', () => {
    const output = [
      '  ✓  54 e2e/public.spec.ts:5:3 › landing (2.0s)',
      '',
      '\u001b[33m  1 flaky\u001b[39m',
      '    [chromium] › e2e/lesson.spec.ts:54:3 › lesson viewer › Try Again ───────────',
      '  54 passed (4.5m)',
    ].join('\n');
    expect(flaky(output)).toEqual([
      '1 flaky',
      '[chromium] › e2e/lesson.spec.ts:54:3 › lesson viewer › Try Again ───────────',
    ]);
    expect(flaky('  55 passed (4.5m)')).toEqual([]);
  });
});
