import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** A write whose answer the agent's own call returned; a soak counter's last write of each kind on a row. */
export type SeenOperation = 'prebook' | 'book' | 'cancel' | 'modification';

const SEEN_FILE = 'seen.jsonl';

/**
 * What a soak counter's agent saw: one line in its folder's seen.jsonl for each write whose outcome its
 * call returned (what the screen would show), so the driver can tell a flag that asks for something already seen.
 */
export function seenRecorder(dataDir: string): (row: number, operation: SeenOperation) => void {
  const file = join(dataDir, SEEN_FILE);
  return (row, operation) => appendFileSync(file, `${JSON.stringify({ row, operation, at: new Date().toISOString() })}\n`);
}

type Flagged = { id: number; attention: string; operation: string; started_at: string; finished_at: string };
type Seen = { row: number; operation: string; at: string };

/**
 * A counter's attention flags against the write that set each (the row's last finished write): how many
 * were set after a kill cut into that write (the agent's app died: they are told at the restart), and
 * which ask for an outcome the agent's own call returned: a flag that asks the agent for nothing, a defect.
 */
export function attentionFlagsOf(counterDir: string, counterName: string, killedAt: readonly string[] = []) {
  const db = new DatabaseSync(join(counterDir, 'ledger.db'), { readOnly: true });
  let flagged: Flagged[];
  try {
    flagged = db
      .prepare(
        `SELECT b.id, b.attention, i.operation, i.started_at, i.finished_at FROM bookings b
         JOIN intents i ON i.id = (SELECT id FROM intents WHERE booking_id = b.id AND finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT 1)
         WHERE b.attention IS NOT NULL`,
      )
      .all() as Flagged[];
  } finally {
    db.close();
  }
  const seenFile = join(counterDir, SEEN_FILE);
  const seen = (existsSync(seenFile) ? readFileSync(seenFile, 'utf8').split('\n') : []).flatMap((line) => {
    try {
      return [JSON.parse(line) as Seen];
    } catch {
      return []; // empty, or cut short by a kill
    }
  });
  return {
    afterKill: flagged.filter((row) => killedAt.some((at) => at >= row.started_at && at <= row.finished_at)).length,
    seen: flagged
      .filter((row) => seen.some((saw) => saw.row === row.id && saw.operation === row.operation && saw.at >= row.started_at))
      .map((row) => `${counterName} row ${row.id}: “${row.attention}”, though the agent's ${row.operation} call returned its outcome`),
  };
}
