import { hash } from 'node:crypto';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Text } from '../i18n/main-words';

/** What breaks the chain, in words: the verdict shown in Settings and the red notice. Entry numbers are names, not amounts: written as they are. */
export const verdictWords = defineMessages({
  gone: {
    id: 'audit.verdict.break.gone',
    defaultMessage:
      'Audit entry {expected} is missing: {last, select, same {entry {expected} is gone} other {entries {expected} to {last} are gone}}, the audit goes on at entry {sequence}.',
  },
  chainedTo: {
    id: 'audit.verdict.break.chainedTo',
    defaultMessage: 'Audit entry {before} was altered: it is not the entry that entry {expected} was chained to.',
  },
  reordered: {
    id: 'audit.verdict.break.reordered',
    defaultMessage: 'Audit entries are out of order: entry {written} stands where entry {expected} should be.',
  },
  renumbered: {
    id: 'audit.verdict.break.renumbered',
    defaultMessage: 'Audit entry {expected} is missing: it was removed and the entries after it were numbered again.',
  },
  altered: { id: 'audit.verdict.break.altered', defaultMessage: 'Audit entry {expected} was altered after it was written.' },
  truncated: {
    id: 'audit.verdict.break.truncated',
    defaultMessage:
      '{last, select, same {Audit entry {first} is} other {Audit entries {first} to {last} are}} missing from the end of the audit.',
  },
  rewritten: {
    id: 'audit.verdict.break.rewritten',
    defaultMessage: 'Audit entry {sequence} is not the one recorded: the audit was rewritten up to it.',
  },
});

/**
 * An entry's canonical encoding, written by SQLite for the append and for every check alike: the
 * previous entry's hash, a newline, and the JSON array of its fields in column order. An entry with words
 * (what it says, for each reader's language) has them last, as a JSON string: chained like its English,
 * so neither can be changed alone. Entries from before words were kept hash as they always did.
 */
export const PREIMAGE_SQL =
  'prev_hash || char(10) || CASE WHEN words IS NULL THEN json_array(sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome, what) ' +
  'ELSE json_array(sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome, what, words) END';

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
  /** The entry's words as stored (JSON text, shared/audit-words.ts), or null. */
  words: string | null;
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
  /** What broke, in words (verdictWords). */
  text: Text;
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
    const last = sequence - 1 === expected ? 'same' : String(sequence - 1);
    return {
      problem: 'missing',
      sequence: expected,
      text: { message: verdictWords.gone, values: { expected: String(expected), last, sequence: String(sequence) } },
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
      text: { message: verdictWords.chainedTo, values: { before: String(before), expected: String(expected) } },
    };
  }
  // Written in another place: its own fields and hash hold together with another sequence number.
  const writtenAfter = writtenAs(prevHash, rowOfHash, 0);
  if (writtenAfter !== null && writtenAfter + 1 !== expected && sha256(preimageAs(row, writtenAfter + 1)) === stored) {
    const written = String(writtenAfter + 1);
    return {
      problem: 'reordered',
      sequence: expected,
      text: { message: verdictWords.reordered, values: { written, expected: String(expected) } },
    };
  }
  if (writtenAfter === null && sha256(preimageAs(row, expected + 1)) === stored) {
    return { problem: 'missing', sequence: expected, text: { message: verdictWords.renumbered, values: { expected: String(expected) } } };
  }
  return { problem: 'altered', sequence: expected, text: { message: verdictWords.altered, values: { expected: String(expected) } } };
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
