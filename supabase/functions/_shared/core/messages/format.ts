// Generated from core/src/messages/format.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
/** Values that may be substituted into a message template. */
export type MessageParams = Readonly<Record<string, string | number>>;

const placeholder = /\{(\w+)\}/g;

/**
 * Fills `{name}` placeholders of a template. A placeholder without a value stays as written, so
 * a forgotten parameter is visible in the UI instead of turning into "undefined".
 */
export function format(template: string, params: MessageParams = {}): string {
  return template.replace(placeholder, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** The placeholder names a template uses, in order of first appearance. */
export function placeholdersOf(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(placeholder)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}
