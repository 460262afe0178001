// @ts-check
// ESLint rule `layers/imports`: where each layer of the repository may import from (DESIGN §1:
// core ← everything; web and the studio never import each other; the studio's renderer reaches
// its main process only through window.studio; what deploys to hosted Supabase stands alone).
// A relative import is resolved to the path it names, a workspace package (@magyarul/…) to its
// folder, and that repository path is checked against the layer's `allow` or `deny` folders.
// npm packages are judged by `no-restricted-imports` beside it.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Workspace packages by name: the folder each resolves into. */
const PACKAGES = {
  '@magyarul/core': 'core/src',
  '@magyarul/local': 'supabase/local',
  '@magyarul/web': 'web',
  '@magyarul/desktop': 'desktop',
  '@magyarul/tests': 'tests',
};

const slashes = (/** @type {string} */ path) => path.split(sep).join('/');

/**
 * The repository path an import names, or null for an npm package.
 * @param {string} specifier
 * @param {string} file
 */
export function importTarget(specifier, file) {
  if (specifier.startsWith('.')) return slashes(relative(ROOT, resolve(dirname(file), specifier)));
  for (const [name, dir] of Object.entries(PACKAGES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return `${dir}${specifier.slice(name.length)}`;
    }
  }
  return null;
}

const within = (/** @type {string} */ path, /** @type {string} */ dir) =>
  path === dir || path.startsWith(`${dir}/`);

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each layer to the folders it may import from (DESIGN §1).' },
    schema: [
      {
        type: 'object',
        properties: {
          layer: { type: 'string' },
          allow: { type: 'array', items: { type: 'string' } },
          deny: { type: 'array', items: { type: 'string' } },
          why: { type: 'string' },
        },
        required: ['layer'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside: '{{layer}} imports only from {{allowed}}; {{specifier}} is {{target}}. {{why}}',
      denied: '{{layer}} must not import from {{dir}} ({{specifier}}). {{why}}',
    },
  },
  create(context) {
    const { layer, allow, deny = [], why = '' } = context.options[0] ?? {};
    /** @param {{ type: string, value?: unknown } | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      const target = importTarget(specifier, context.filename);
      if (target === null) return;
      if (allow && !allow.some((/** @type {string} */ dir) => within(target, dir))) {
        context.report({
          node: source,
          messageId: 'outside',
          data: { layer, allowed: allow.join(', '), specifier, target, why },
        });
        return;
      }
      const dir = deny.find((/** @type {string} */ d) => within(target, d));
      if (dir)
        context.report({ node: source, messageId: 'denied', data: { layer, dir, specifier, why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const layers = { meta: { name: 'layers' }, rules: { imports: importsRule } };
