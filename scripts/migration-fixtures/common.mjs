// Fixed values and helpers every fixture file shares.
// Fixed values: no clock, no randomness, so the same generator always writes the same rows.

export const EPOCH = Date.parse('2025-03-03T09:00:00.000Z');
/** An ISO timestamp `minutes` after the fixtures' epoch. */
export const at = (minutes) => new Date(EPOCH + minutes * 60_000).toISOString();
/** The same instant in epoch milliseconds, as next_check_at and doubt_until hold it. */
export const ms = (minutes) => EPOCH + minutes * 60_000;
export const json = (value) => JSON.stringify(value);

/** Inserts `row` into `table`, keeping only the columns this schema version has. */
export function insert(db, table, row) {
  const columns = new Set(
    db
      .prepare(`PRAGMA table_info(${table})`)
      .all()
      .map((column) => column.name),
  );
  const names = Object.keys(row).filter((name) => columns.has(name));
  db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(
    ...names.map((name) => row[name]),
  );
}

export const hasTable = (db, name) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
