import { hash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '../electron/core/audit/audit-chain';
import { createAuditLog } from '../electron/core/audit/audit-log';
import { auditMigrations } from '../electron/core/audit/audit-migrations';
import { openDatabase, transaction } from '../electron/sqlite/database';
import type { Figure } from './figures';
import { spreadOf } from './stats';

const ACTIONS = ['profile.create', 'profile.update', 'key.set', 'key.delete', 'agency.connect', 'backup.take'] as const;

/**
 * A seeded audit of `size` entries in one commit: the app's schema, each preimage written by SQLite as the app's
 * append writes it. The app's `verify` then accepting it is the check that the seed is chained as the app chains.
 */
function seedAudit(file: string, size: number, seed: number): { preimages: Buffer; ends: Uint32Array; lastHash: string } {
  const db = openDatabase(file, auditMigrations);
  const preimageOf = db.prepare(
    "SELECT ? || char(10) || json_array(CAST(? AS INTEGER), ?, 'Desk 3', NULL, NULL, NULL, NULL, ?, 'done', ?) AS preimage",
  );
  const insert = db.prepare(
    "INSERT INTO audit_entries (sequence, at, counter, action, outcome, what, prev_hash, hash) VALUES (?, ?, 'Desk 3', ?, 'done', ?, ?, ?)",
  );
  const chunks: Buffer[] = [];
  const ends = new Uint32Array(size);
  let length = 0;
  let previous = '';
  let state = seed;
  const start = Date.parse('2026-01-01T08:00:00Z');
  transaction(db, () => {
    for (let sequence = 1; sequence <= size; sequence += 1) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const at = new Date(start + sequence * 7_000).toISOString();
      const action = ACTIONS[state % ACTIONS.length] as string;
      const what = `Profile ${state % 97} "Lisbon office ${state % 13}": Service test key (set by the agent)`;
      const { preimage } = preimageOf.get(previous, sequence, at, action, what) as { preimage: string };
      const hashed = sha256(preimage);
      insert.run(sequence, at, action, what, previous, hashed);
      const bytes = Buffer.from(preimage);
      chunks.push(bytes);
      length += bytes.length;
      ends[sequence - 1] = length;
      previous = hashed;
    }
  });
  db.close();
  // One buffer, so the reference hashes views of it and the heap holds no million strings while verify runs.
  return { preimages: Buffer.concat(chunks, length), ends, lastHash: previous };
}

/** Verifying the whole audit against a raw SHA-256 of the same bytes, entry by entry, in the same run. */
export async function measureAuditVerify(size: number, runs: number, seed: number): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-audit-'));
  try {
    const { preimages, ends, lastHash } = seedAudit(join(dir, 'audit.db'), size, seed);
    let anchor = { count: size, hash: lastHash };
    const audit = createAuditLog({
      file: join(dir, 'audit.db'),
      counter: () => 'Desk 3',
      anchor: { get: () => anchor, set: (value) => (anchor = value) },
    });
    const verifySamples: number[] = [];
    const rawSamples: number[] = [];
    for (let index = 0; index < runs + 1; index += 1) {
      let started = performance.now();
      const verdict = await audit.verify();
      if (!verdict.ok || verdict.entries !== size) throw new Error(`the seeded audit did not verify: ${JSON.stringify(verdict)}`);
      if (index > 0) verifySamples.push(performance.now() - started);
      started = performance.now();
      let from = 0;
      for (const end of ends) {
        hash('sha256', preimages.subarray(from, end), 'hex');
        from = end;
      }
      if (index > 0) rawSamples.push(performance.now() - started);
    }
    audit.close();
    const spread = spreadOf(verifySamples);
    const raw = spreadOf(rawSamples);
    return {
      name: `Audit verify, ${size.toLocaleString('en-GB')} entries`,
      value: spread.p95 / 1000,
      unit: 's',
      spread: { p50: spread.p50 / 1000, p95: spread.p95 / 1000, runs: spread.runs },
      target: '≤ 2 s at 1,000,000 entries',
      reference: `raw SHA-256 of the same ${size.toLocaleString('en-GB')} preimages p50 ${(raw.p50 / 1000).toFixed(2)} s`,
      pass: size >= 1_000_000 ? spread.p95 <= 2_000 : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
