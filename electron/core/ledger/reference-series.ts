import type { DatabaseSync } from 'node:sqlite';

/** A ledger's client references: the code they carry (PD-<code>-…) and the last number handed out. */
interface ReferenceSeries {
  code: string | null;
  sequence: number;
}

function seriesOf(db: DatabaseSync): ReferenceSeries {
  const value = (key: string) => (db.prepare('SELECT value FROM counter WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  return { code: value('code') ?? null, sequence: Number(value('sequence') ?? 0) };
}

/** The code of the client references a ledger has handed out, or null before its first hold. */
export const referenceCodeOf = (db: DatabaseSync): string | null => seriesOf(db).code;

/**
 * A restored ledger goes on with the client references of the ledger it replaces, never back: an
 * older backup would hand out again numbers its counter has used since, and another counter's backup
 * numbers that counter goes on using. Without a series there (a new install) the backup's is kept.
 */
export function continueReferenceSeries(replaced: DatabaseSync, restored: DatabaseSync): void {
  const before = seriesOf(replaced);
  if (before.code === null) return;
  const after = seriesOf(restored);
  const sequence = after.code === before.code ? Math.max(after.sequence, before.sequence) : before.sequence;
  const save = restored.prepare('INSERT INTO counter (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  restored.exec('BEGIN IMMEDIATE');
  save.run('code', before.code);
  save.run('sequence', String(sequence));
  restored.exec('COMMIT');
}
