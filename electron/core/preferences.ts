import type { DatabaseSync } from 'node:sqlite';

/** Small named values kept in the settings database (active profile, window placement). */
export interface Preferences {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export function createPreferences(db: DatabaseSync): Preferences {
  const select = db.prepare('SELECT value FROM preferences WHERE key = ?');
  const upsert = db.prepare('INSERT INTO preferences (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    get: (key) => (select.get(key) as { value: string } | undefined)?.value ?? null,
    set: (key, value) => {
      upsert.run(key, value);
    },
  };
}
