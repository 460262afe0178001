import type { Db } from '../db/database.ts';

export function createSettingsRepo(db: Db) {
  return {
    get(key: string): string | undefined {
      return db.first<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key])?.value;
    },
    set(key: string, value: string): void {
      db.run(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
