import { format, resolveConfig } from 'prettier';
import { OUTPUT_FILE } from './generate.ts';

/** Formats generated source exactly as `prettier --write` would format database.ts. */
export async function formatDatabaseTypes(source: string): Promise<string> {
  const options = (await resolveConfig(OUTPUT_FILE)) ?? {};
  return format(source, { ...options, filepath: OUTPUT_FILE });
}
