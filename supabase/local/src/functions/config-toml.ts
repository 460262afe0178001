import { parse, type TomlTable } from 'smol-toml';

// supabase/config.toml read with a TOML parser (smol-toml): the embedded server needs
// [functions.<name>] verify_jwt and [auth] additional_redirect_urls from it.

export type TomlDocument = TomlTable;

/** The whole document; throws smol-toml's TomlError (pointing at the line) on invalid TOML. */
export function parseToml(text: string): TomlDocument {
  return parse(text);
}

function table(value: unknown): TomlTable | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as TomlTable)
    : undefined;
}

/** The table at a path of keys (["functions", "hello"]), if there is one. */
export function tomlTable(doc: TomlDocument, path: readonly string[]): TomlTable | undefined {
  let current: TomlTable | undefined = doc;
  for (const key of path) current = table(current?.[key]);
  return current;
}

/** verify_jwt of one function: true unless [functions.<name>] verify_jwt = false. */
export function verifyJwtSetting(doc: TomlDocument, name: string): boolean {
  return tomlTable(doc, ['functions', name])?.verify_jwt !== false;
}
