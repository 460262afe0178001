import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** realpath of the longest existing prefix, with the missing tail appended unchanged. */
function realpathLoose(path: string): string {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * True when `candidate` names `root` itself or something below it, after resolving `..`,
 * symlinks (a link inside the root pointing outside is outside) and Unicode normalisation
 * (macOS hands out NFD names; a path typed or pasted is usually NFC).
 *
 * Warning: this is a check at one moment; a symlink swapped in afterwards is not caught. Call it
 * right before opening the file.
 */
export function isInsideRoot(root: string, candidate: string): boolean {
  if (root === '' || candidate === '' || root.includes('\0') || candidate.includes('\0')) {
    return false;
  }
  const realRoot = realpathLoose(resolve(root)).normalize('NFC');
  const real = realpathLoose(resolve(realRoot, candidate.normalize('NFC'))).normalize('NFC');
  const rel = relative(realRoot, real);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
