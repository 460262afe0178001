// Generated from core/src/messages/plural.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// Counted texts: one rule for every language, the Unicode CLDR plural rules as Intl.PluralRules
// knows them. A template writes each counted part ICU-style, `{n, plural, one {# day} other {#
// days}}`: an exact `=N {…}` form first, then the number's category in the language (`one`,
// `few`, `many`, `other` …), then `other`. `#` in the chosen form is the number as written.

const rules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `n` in `locale` ('en', 'de', 'es', 'de-DE' …). */
export function pluralCategory(n: number, locale: string): Intl.LDMLPluralRule {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(n);
}

export type PluralOptions = {
  /** The language whose plural rules pick the form; English when not given. */
  readonly locale?: string;
  /** How `#` writes a number (the app's number format); String(n) when not given. */
  readonly formatNumber?: (n: number) => string;
};

type Block = { name: string; forms: Map<string, string>; end: number };

/** The count a parameter stands for: a number, or digits as text; otherwise none. */
function countOf(value: string | number | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return null;
}

/** The `{…}` group opening at `open`: its text and the index after its closing brace. */
function group(template: string, open: number): { text: string; end: number } | null {
  let depth = 0;
  for (let i = open; i < template.length; i++) {
    if (template[i] === '{') depth += 1;
    else if (template[i] === '}') {
      depth -= 1;
      if (depth === 0) return { text: template.slice(open + 1, i), end: i + 1 };
    }
  }
  return null;
}

/** The forms of a plural block from `formsAt` (after `{name, plural,`), or null if malformed. */
function parseBlock(template: string, name: string, formsAt: number): Block | null {
  const forms = new Map<string, string>();
  let i = formsAt;
  for (;;) {
    while (/\s/.test(template[i] ?? '')) i += 1;
    if (template[i] === '}') return forms.has('other') ? { name, forms, end: i + 1 } : null;
    const selector = /^(=\d+|[a-z]+)\s*/.exec(template.slice(i));
    if (!selector?.[1]) return null;
    i += selector[0].length;
    if (template[i] !== '{') return null;
    const form = group(template, i);
    if (!form) return null;
    forms.set(selector[1], form.text);
    i = form.end;
  }
}

const BLOCK_START = /\{(\w+),\s*plural,/g;

/**
 * The template with each plural block replaced by its form for the parameter's count; a block
 * whose parameter is not a count keeps its `other` form, with `#` written as the value given.
 */
export function choosePlurals(
  template: string,
  params: Readonly<Record<string, string | number>>,
  options: PluralOptions = {},
): string {
  const { locale = 'en', formatNumber = String } = options;
  const starts = new RegExp(BLOCK_START.source, 'g');
  let out = '';
  let from = 0;
  for (let match = starts.exec(template); match; match = starts.exec(template)) {
    const name = match[1] ?? '';
    const block = parseBlock(template, name, match.index + match[0].length);
    if (!block) continue;
    const value = params[name];
    const count = countOf(value);
    const chosen =
      count === null
        ? undefined
        : (block.forms.get(`=${count}`) ?? block.forms.get(pluralCategory(count, locale)));
    const form = chosen ?? block.forms.get('other') ?? '';
    const written = count !== null ? formatNumber(count) : String(value ?? `{${name}}`);
    out += template.slice(from, match.index);
    out += choosePlurals(form, params, options).replace(/#/g, written);
    from = block.end;
    starts.lastIndex = block.end;
  }
  return out + template.slice(from);
}

/** The parameter names of a template's plural blocks. */
export function pluralNames(template: string): string[] {
  return [...template.matchAll(BLOCK_START)].map((m) => m[1] ?? '');
}
