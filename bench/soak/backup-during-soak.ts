import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { backUpLedger } from '../../electron/core/ledger/ledger-backup';

/** What a backup taken in the middle of the soak holds, against the bookings committed before it began. */
export interface BackupFigures {
  /** Bookings the counter's ledger had committed when the backup began. */
  backupAcknowledged: number;
  /** Of those, the ones missing or with another client reference in the backup. */
  backupMissing: number;
  /** 1 when the backup passes PRAGMA integrity_check. */
  backupIntact: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const committed = (file: string): Map<number, string> => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const rows = db.prepare('SELECT id, client_reference FROM bookings').all() as { id: number; client_reference: string }[];
    return new Map(rows.map((row) => [row.id, row.client_reference]));
  } finally {
    db.close();
  }
};

/**
 * Once a counter's ledger holds `atBookings` bookings, backs it up from this process (a connection of
 * its own, while the counter writes and is killed at random), then checks the copy: sound, and
 * holding every booking committed before the backup began.
 */
export async function backupDuringSoak(counterDir: string, atBookings: number, target: string): Promise<BackupFigures> {
  const ledger = join(counterDir, 'ledger.db');
  let before = new Map<number, string>();
  for (let wait = 0; wait < 600; wait += 1) {
    try {
      before = committed(ledger);
      if (before.size >= atBookings) break;
    } catch {
      // Not created yet, or being recovered after a kill: look again.
    }
    await sleep(100);
  }
  const db = new DatabaseSync(ledger);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    backUpLedger(db, target);
  } finally {
    db.close();
  }
  const copy = new DatabaseSync(target, { readOnly: true });
  try {
    const intact = (copy.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])[0]?.integrity_check === 'ok';
    const inCopy = new Map(
      (copy.prepare('SELECT id, client_reference FROM bookings').all() as { id: number; client_reference: string }[]).map((row) => [
        row.id,
        row.client_reference,
      ]),
    );
    const missing = [...before].filter(([id, reference]) => inCopy.get(id) !== reference).length;
    return { backupAcknowledged: before.size, backupMissing: missing, backupIntact: intact ? 1 : 0 };
  } finally {
    copy.close();
  }
}
