import type { Pool } from 'pg';
import type { ChainedAuditEntry } from '../audit/audit-chain';

/** The last entry of this counter's chain the agency holds (sequence 0 and no hash: none yet): where the next push starts. */
export async function auditHeldByAgency(pool: Pool, counterId: string): Promise<{ sequence: number; hash: string }> {
  const found = await pool.query<{ sequence: string; hash: string }>(
    'SELECT sequence, hash FROM agency_audit WHERE counter_id = $1 ORDER BY sequence DESC LIMIT 1',
    [counterId],
  );
  const last = found.rows[0];
  return last ? { sequence: Number(last.sequence), hash: last.hash } : { sequence: 0, hash: '' };
}

/**
 * Sends the next entries of this counter's chain, in order, in one statement; the server takes each
 * only as the next of the chain it holds, hashed as the counter hashed it. Sending an entry it already
 * holds again is a no-op. Resolves with the last sequence the agency holds.
 */
export async function pushAuditEntries(pool: Pool, counterId: string, entries: readonly ChainedAuditEntry[]): Promise<number> {
  const held = await pool.query<{ held: string }>('SELECT agency_push_audit($1, $2::jsonb) AS held', [counterId, JSON.stringify(entries)]);
  return Number(held.rows[0]?.held ?? 0);
}
