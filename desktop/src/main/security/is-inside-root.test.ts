import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInsideRoot } from './is-inside-root.ts';

describe('isInsideRoot', () => {
  const base = mkdtempSync(join(tmpdir(), 'inside-root-'));
  const root = join(base, 'Leckék');
  const outside = join(base, 'secret');
  mkdirSync(join(root, 'lesson 1'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'key.txt'), 'x');
  writeFileSync(join(root, 'lesson 1', 'ő.mp3'), 'x');
  symlinkSync(outside, join(root, 'escape'));
  symlinkSync(join(root, 'lesson 1'), join(base, 'link-to-lesson'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it.each([
    ['the root itself', root],
    ['a file below the root', join(root, 'lesson 1', 'ő.mp3')],
    ['a relative path', 'lesson 1/ő.mp3'],
    ['a file that does not exist yet', join(root, 'lesson 2', 'new.wav')],
    [
      'an NFD spelling of an NFC name',
      join(root.normalize('NFD'), 'lesson 1', 'ő.mp3'.normalize('NFD')),
    ],
    ['a .. that stays inside', join(root, 'lesson 1', '..', 'lesson 1', 'ő.mp3')],
  ])('returns true for %s', (_label, candidate) => {
    expect(isInsideRoot(root, candidate)).toBe(true);
  });

  it.each([
    ['a sibling folder', outside],
    ['a .. escape', join(root, '..', 'secret', 'key.txt')],
    ['a relative .. escape', '../secret/key.txt'],
    ['a symlink pointing outside', join(root, 'escape', 'key.txt')],
    ['a prefix that is not a parent', `${root}-other/file`],
    ['an absolute system path', '/etc/passwd'],
    ['a NUL byte', `${root}/a\0b`],
    ['an empty path', ''],
  ])('returns false for %s', (_label, candidate) => {
    expect(isInsideRoot(root, candidate)).toBe(false);
  });

  it('returns true when the root is reached through a symlink', () => {
    expect(isInsideRoot(join(base, 'link-to-lesson'), join(root, 'lesson 1', 'ő.mp3'))).toBe(true);
  });
});
