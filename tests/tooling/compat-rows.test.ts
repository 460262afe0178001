import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every row of the compatibility reference (the README's "Compatibility with hosted Supabase"
// tables and the status table of docs/supabase-compat.md) carries an id in its first cell, and
// each id is named by a `// compat: <id>, …` comment directly above a test (`it(` or `it.each(`)
// of a contract file that runs on both backends (`describe.each(BACKENDS)`). A row without one,
// or a comment naming a row that does not exist, fails here.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACT = join(ROOT, 'tests', 'contract');

/** The row ids of the table rows between `heading` and the next heading of its level. */
function rowIds(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const level = /^#+/.exec(heading)?.[0] ?? '##';
  const ids: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith(`${level} `)) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const first = line.split('|')[1]?.trim() ?? '';
    if (/^(row|feature|spec item)$/i.test(first)) continue;
    const id = /^`([a-z0-9.-]+)`$/.exec(first)?.[1];
    if (!id) throw new Error(`a row without an id under ${heading}: ${line.slice(0, 80)}`);
    ids.push(id);
  }
  return ids;
}

type Tag = { file: string; line: number; ids: string[] };

/** The `// compat:` comments of a test file that stand directly above a test. */
function tagsOf(file: string, source: string): { tags: Tag[]; loose: number[] } {
  const lines = source.split('\n');
  const tags: Tag[] = [];
  const loose: number[] = [];
  lines.forEach((line, index) => {
    const match = /^\s*\/\/\s*compat:\s*(.+)$/.exec(line);
    if (!match?.[1]) return;
    let next = index + 1;
    while (next < lines.length && /^\s*\/\//.test(lines[next] ?? '')) next++;
    if (/^\s*it(\.each\b.*)?\(/.test(lines[next] ?? '')) {
      tags.push({ file, line: index + 1, ids: match[1].split(',').map((s) => s.trim()) });
    } else {
      loose.push(index + 1);
    }
  });
  return { tags, loose };
}

function referenceIds(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const compat = readFileSync(join(ROOT, 'docs', 'supabase-compat.md'), 'utf8');
  return [
    ...rowIds(readme, '## Compatibility with hosted Supabase'),
    ...rowIds(compat, '## Status in this repository'),
  ];
}

function contractTags(): { tags: Tag[]; problems: string[] } {
  const tags: Tag[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(CONTRACT).filter((n) => n.endsWith('.test.ts'))) {
    const source = readFileSync(join(CONTRACT, name), 'utf8');
    const found = tagsOf(name, source);
    for (const line of found.loose) problems.push(`${name}:${line} is not directly above a test`);
    if (found.tags.length > 0 && !source.includes('describe.each(BACKENDS)')) {
      problems.push(`${name} names rows but does not run on both backends`);
    }
    tags.push(...found.tags);
  }
  return { tags, problems };
}

describe('the compatibility reference', () => {
  it('returns an id for every row, each id once', () => {
    const ids = referenceIds();
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('returns a contract test on PGlite and PostgreSQL for every row', () => {
    const { tags, problems } = contractTags();
    expect(problems).toEqual([]);
    const named = new Set(tags.flatMap((t) => t.ids));
    expect(referenceIds().filter((id) => !named.has(id))).toEqual([]);
  });

  it('returns no test naming a row the reference does not have', () => {
    const ids = new Set(referenceIds());
    const stale = contractTags().tags.flatMap((t) =>
      t.ids.filter((id) => !ids.has(id)).map((id) => `${t.file}:${t.line} ${id}`),
    );
    expect(stale).toEqual([]);
  });

  it('reads ids and tags as the convention says', () => {
    const markdown = [
      '## A',
      '| Row | Feature | Status |',
      '|---|---|---|',
      '| `x.one` | one | supported |',
      '### Sub',
      '| Row | Feature |',
      '|---|---|',
      '| `x.two` | two |',
      '## B',
      '| `y.three` | three |',
    ].join('\n');
    expect(rowIds(markdown, '## A')).toEqual(['x.one', 'x.two']);
    expect(() => rowIds('## A\n| Row |\n|---|\n| no id |', '## A')).toThrow('without an id');
    const source = [
      '  // compat: x.one, x.two',
      '  // why it matters',
      "  it('does one', async () => {});",
      '  // compat: x.three',
      '  const helper = 1;',
      '  // compat: x.four',
      "  it.each(ROUTES)('does %s', async () => {});",
    ].join('\n');
    expect(tagsOf('f.test.ts', source)).toEqual({
      tags: [
        { file: 'f.test.ts', line: 1, ids: ['x.one', 'x.two'] },
        { file: 'f.test.ts', line: 6, ids: ['x.four'] },
      ],
      loose: [4],
    });
  });
});
