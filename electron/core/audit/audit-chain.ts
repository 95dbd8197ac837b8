import { hash } from 'node:crypto';

/**
 * An entry's canonical encoding, written by SQLite for the append and for every check alike: the
 * previous entry's hash, a newline, and the JSON array of its fields in column order.
 */
export const PREIMAGE_SQL =
  'prev_hash || char(10) || json_array(sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome, what)';

/** One entry with the fields its hash was made from and both hashes: what the agency is sent (agency/agency-audit.ts). */
export interface ChainedAuditEntry {
  sequence: number;
  at: string;
  counter: string;
  agentId: number | null;
  agentName: string | null;
  approverId: number | null;
  approverName: string | null;
  action: string;
  outcome: string;
  what: string;
  prevHash: string;
  hash: string;
}

/** One stored entry as the chain reads it: its sequence number, the previous hash it names, its own hash, and its preimage. */
export type ChainRow = [sequence: number, prevHash: string, hash: string, preimage: string];

export const CHAIN_SELECT = `SELECT sequence, prev_hash, hash, ${PREIMAGE_SQL} FROM audit_entries`;

/** SHA-256 of an entry's preimage, as hex. */
export const sha256 = (preimage: string): string => hash('sha256', preimage, 'hex');

/** The preimage the same entry would have had under another sequence number (the first field of its array). */
function preimageAs(row: ChainRow, sequence: number): string {
  const [, prevHash, , preimage] = row;
  const array = preimage.slice(prevHash.length + 1);
  return `${prevHash}\n[${sequence}${array.slice(array.indexOf(','))}`;
}

export interface ChainBreak {
  problem: 'missing' | 'altered' | 'reordered';
  sequence: number;
  message: string;
}

export interface ChainWalk {
  entries: number;
  lastHash: string;
  /** The stored hash of the entry the anchor names, if the walk reached it. */
  anchoredHash: string | null;
  broken: ChainBreak | null;
}

/**
 * Walks the entries in sequence order and stops at the first that is missing, altered or out of its
 * place. `rowOfHash` finds the entry a stored hash belongs to; it is asked only once a break is found.
 */
export function walkChain(rows: Iterable<ChainRow>, anchorSequence: number, rowOfHash: (hash: string) => ChainRow | null): ChainWalk {
  let expected = 1;
  let previous = '';
  let anchoredHash: string | null = null;
  for (const row of rows) {
    const broken = checkRow(row, expected, previous, rowOfHash);
    if (broken) return { entries: expected - 1, lastHash: previous, anchoredHash, broken };
    previous = row[2];
    if (expected === anchorSequence) anchoredHash = previous;
    expected += 1;
  }
  return { entries: expected - 1, lastHash: previous, anchoredHash, broken: null };
}

function checkRow(row: ChainRow, expected: number, previous: string, rowOfHash: (hash: string) => ChainRow | null): ChainBreak | null {
  const [sequence, prevHash, stored, preimage] = row;
  if (sequence !== expected) {
    const gap = sequence - 1 === expected ? `entry ${expected} is gone` : `entries ${expected} to ${sequence - 1} are gone`;
    return {
      problem: 'missing',
      sequence: expected,
      message: `Audit entry ${expected} is missing: ${gap}, the audit goes on at entry ${sequence}.`,
    };
  }
  const selfConsistent = sha256(preimage) === stored;
  if (selfConsistent && prevHash === previous) return null;
  if (selfConsistent) {
    // The entry is as it was written, but the one before it no longer is what it was chained to.
    const before = Math.max(1, expected - 1);
    return {
      problem: 'altered',
      sequence: before,
      message: `Audit entry ${before} was altered: it is not the entry that entry ${expected} was chained to.`,
    };
  }
  // Written in another place: its own fields and hash hold together with another sequence number.
  const writtenAfter = writtenAs(prevHash, rowOfHash, 0);
  if (writtenAfter !== null && writtenAfter + 1 !== expected && sha256(preimageAs(row, writtenAfter + 1)) === stored) {
    return {
      problem: 'reordered',
      sequence: expected,
      message: `Audit entries are out of order: entry ${writtenAfter + 1} stands where entry ${expected} should be.`,
    };
  }
  if (writtenAfter === null && sha256(preimageAs(row, expected + 1)) === stored) {
    return {
      problem: 'missing',
      sequence: expected,
      message: `Audit entry ${expected} is missing: it was removed and the entries after it were numbered again.`,
    };
  }
  return { problem: 'altered', sequence: expected, message: `Audit entry ${expected} was altered after it was written.` };
}

/** The sequence number the entry holding this hash was written with (it may since have moved), or null if no entry holds it. */
function writtenAs(hashOf: string, rowOfHash: (hash: string) => ChainRow | null, depth: number): number | null {
  if (hashOf === '') return 0;
  const holder = rowOfHash(hashOf);
  if (!holder) return null;
  if (sha256(holder[3]) === holder[2] || depth >= 3) return holder[0];
  const before = writtenAs(holder[1], rowOfHash, depth + 1);
  return before !== null && sha256(preimageAs(holder, before + 1)) === holder[2] ? before + 1 : holder[0];
}
