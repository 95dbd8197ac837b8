import type { DatabaseSync } from 'node:sqlite';
import { dailyBackup } from './ledger-backup';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A copy of the ledger a day in backups/, the last seven kept: the first `firstMs` after the start,
 * away from the agent's first booking, then daily. Returns the stop.
 */
export function startDailyBackups(db: DatabaseSync, dataDir: string, firstMs: number): () => void {
  const take = () => {
    try {
      dailyBackup(db, dataDir);
    } catch (error) {
      console.error('[backup] the daily copy of the ledger was not made', error);
    }
  };
  let timer: NodeJS.Timeout = setTimeout(() => {
    take();
    timer = setInterval(take, DAY_MS);
    timer.unref();
  }, firstMs);
  timer.unref();
  return () => clearTimeout(timer);
}
