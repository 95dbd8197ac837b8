import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import { containsCardNumber } from '../../../shared/card-number-screening';
import { auditWordsSchema } from '../../../shared/audit-words';
import type { AuditWords } from '../../../shared/audit-words';
import type { AuditAction, AuditEntry, AuditFilter, AuditOutcome, AuditPerson, AuditVerdict } from '../../../shared/audit';
import { AppError } from '../app-error';
import { openDatabase, transaction } from '../database';
import { englishText } from '../i18n/main-words';
import type { MainWords, Text } from '../i18n/main-words';
import { CHAIN_SELECT, PREIMAGE_SQL, sha256, verdictWords, walkChain } from './audit-chain';
import type { ChainedAuditEntry, ChainRow, ChainWalk } from './audit-chain';
import { auditMigrations } from './audit-migrations';
import { auditWhere } from './audit-query';
import { chainHoldsInParallel } from './parallel-check';

const words = defineMessages({
  cardNumber: { id: 'error.audit.cardNumber.message', defaultMessage: 'An audit entry cannot hold a card number.' },
  cardNumberHint: { id: 'error.audit.cardNumber.hint', defaultMessage: 'Describe the action without the number.' },
  secret: { id: 'error.audit.secret.message', defaultMessage: 'An audit entry cannot hold a key or a password.' },
  secretHint: { id: 'error.audit.secret.hint', defaultMessage: 'Name the key by its label, never its value.' },
});

/** The audit's count and last hash, kept in a second place (the settings database), so a cut tail is found too. */
export interface AuditAnchor {
  get(): { count: number; hash: string } | null;
  set(anchor: { count: number; hash: string }): void;
}

export interface NewAuditEntry {
  action: AuditAction;
  outcome?: AuditOutcome;
  what: string;
  /** The same in words each reader sees in their own language. */
  words?: AuditWords | null;
  who?: AuditPerson | null;
  approver?: AuditPerson | null;
}

const WHAT_MAX = 300;
/** As long as the agency takes an entry's words (agency/agency-audit-words.ts). */
const WORDS_MAX = 8_000;
/** Below this many entries one walk is quicker than starting workers. */
const PARALLEL_FROM = 20_000;
// A key or token: a known key prefix, or a long unbroken run of letters and digits (no address or sentence has one).
const SECRET_LIKE = /\b(?:sk|pk|rk|pbt|ptk|whsec)_[A-Za-z0-9_]{6,}|[A-Za-z0-9_-]{32,}/i;

/** Refuses text an audit entry must never hold: a card number, a key, a password. */
function screened(what: string): string {
  return screenedText(what.trim().slice(0, WHAT_MAX));
}

/** The words' values are screened as the English is: they hold the same names and addresses. */
function screenedWords(words: AuditWords | null | undefined): string | null {
  if (!words) return null;
  for (const line of [words.what, words.reason]) {
    for (const value of Object.values(line?.values ?? {})) if (typeof value === 'string') screenedText(value);
  }
  // Words that are not words this Packdesk writes, or longer than the agency takes, are left out: the English stands alone.
  const parsed = auditWordsSchema.safeParse(words);
  const text = parsed.success ? JSON.stringify(parsed.data) : '';
  return text.length > 0 && text.length <= WORDS_MAX ? text : null;
}

function screenedText(text: string): string {
  if (containsCardNumber(text)) {
    throw new AppError('card_number_in_text', { message: words.cardNumber }, { message: words.cardNumberHint });
  }
  if (SECRET_LIKE.test(text)) {
    throw new AppError('secret_in_text', { message: words.secret }, { message: words.secretHint });
  }
  return text;
}

const ENTRY_COLUMNS =
  'sequence, at, counter, agent_id, agent_name, approver_id, approver_name, action, outcome, what, prev_hash, hash, words';
type EntryRow = [
  number,
  string,
  string,
  number | null,
  string | null,
  number | null,
  string | null,
  string,
  string,
  string,
  string,
  string,
  string | null,
];

/** A row as the chain holds it: flat, with both hashes (what the agency is sent). */
function chainedOf(row: EntryRow): ChainedAuditEntry {
  const [sequence, at, counter, agentId, agentName, approverId, approverName, action, outcome, what, prevHash, hash, words] = row;
  return { sequence, at, counter, agentId, agentName, approverId, approverName, action, outcome, what, words, prevHash, hash };
}

/** Stored words as the screens take them; words this Packdesk cannot read (a newer one's) leave the English. */
function parsedWords(stored: string | null): AuditWords | null {
  if (stored === null) return null;
  try {
    const parsed = auditWordsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A row as the screens show it: who and the approver as people. */
function toEntry(row: EntryRow): AuditEntry {
  const { sequence, at, counter, agentId, agentName, approverId, approverName, action, outcome, what, words, hash } = chainedOf(row);
  return {
    sequence,
    at,
    counter,
    who: agentId === null ? null : { agentId, name: agentName ?? '' },
    approver: approverId === null ? null : { agentId: approverId, name: approverName ?? '' },
    action: action as AuditAction,
    outcome: outcome as AuditOutcome,
    what,
    words: parsedWords(words),
    hash,
  };
}

/**
 * The append-only, tamper-evident audit: every entry carries the SHA-256 of the one before and of its
 * own fields, the database refuses changes and removals, and `verify` names the first broken entry.
 */
export function createAuditLog({
  file,
  counter,
  anchor,
  now = () => new Date(),
  parallelFrom = PARALLEL_FROM,
  onAppend = () => undefined,
}: {
  /** The audit's own SQLite file, in the data folder. */
  file: string;
  /** The counter an entry is recorded at, as the agent knows it. */
  counter: () => string;
  anchor: AuditAnchor;
  now?: () => Date;
  /** From how many entries workers check the chain first (tests set 1 to check that path on small chains). */
  parallelFrom?: number;
  /** After each entry is committed (the agency link sends it on). */
  onAppend?: () => void;
}) {
  const db: DatabaseSync = openDatabase(file, auditMigrations);
  const last = db.prepare('SELECT sequence, hash FROM audit_entries ORDER BY sequence DESC LIMIT 1');
  const insert = db.prepare(`INSERT INTO audit_entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // The preimage of the entry about to be written, by the same SQL that reads it back: the fields as the columns will hold them.
  const preimageOf = db.prepare(
    `SELECT ${PREIMAGE_SQL} AS preimage FROM (SELECT :prev AS prev_hash, CAST(:sequence AS INTEGER) AS sequence, :at AS at, :counter AS counter,
      CAST(:agentId AS INTEGER) AS agent_id, :agentName AS agent_name, CAST(:approverId AS INTEGER) AS approver_id, :approverName AS approver_name,
      :action AS action, :outcome AS outcome, :what AS what, :words AS words)`,
  );
  const rows = db.prepare(`${CHAIN_SELECT} ORDER BY sequence`);
  rows.setReturnArrays(true);
  const byHash = db.prepare(`${CHAIN_SELECT} WHERE hash = ? LIMIT 1`);
  byHash.setReturnArrays(true);
  /** The entries a filter keeps, in the order asked, through the audit's indexes. */
  function matching(filter: AuditFilter & { before?: number | undefined }, order: 'newest first' | 'oldest first', limit?: number) {
    const where = auditWhere(filter);
    const query = db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM audit_entries ${where.sql} ORDER BY sequence ${order === 'newest first' ? 'DESC' : 'ASC'}${limit === undefined ? '' : ' LIMIT ?'}`,
    );
    query.setReturnArrays(true);
    const params = limit === undefined ? where.params : [...where.params, limit];
    return (query.all(...params) as unknown as EntryRow[]).map(toEntry);
  }
  const size = db.prepare('SELECT count(*) AS entries, coalesce(max(sequence), 0) AS last FROM audit_entries');
  const hashAt = db.prepare('SELECT hash FROM audit_entries WHERE sequence = ?');
  const chained = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM audit_entries WHERE sequence > ? ORDER BY sequence LIMIT ?`);
  chained.setReturnArrays(true);

  /** The walk that names the first broken entry; when the chain is long, workers first check it holds, and the walk runs only if not. */
  async function walk(anchorSequence: number): Promise<ChainWalk> {
    const { entries, last: lastSequence } = size.get() as { entries: number; last: number };
    if (entries === lastSequence && entries >= parallelFrom && (await chainHoldsInParallel(file, lastSequence))) {
      const hashOf = (sequence: number) => (hashAt.get(sequence) as { hash: string } | undefined)?.hash ?? null;
      return {
        entries,
        lastHash: hashOf(lastSequence) ?? '',
        anchoredHash: anchorSequence > 0 ? hashOf(anchorSequence) : null,
        broken: null,
      };
    }
    return walkChain(rows.iterate() as IterableIterator<unknown> as IterableIterator<ChainRow>, anchorSequence, (hash) => {
      const found = byHash.get(hash) as unknown as ChainRow | undefined;
      return found ?? null;
    });
  }

  return {
    /** Records one action, in one durable commit, and moves the anchor to it. */
    append(entry: NewAuditEntry): AuditEntry {
      const what = screened(entry.what);
      const words = screenedWords(entry.words);
      const written = transaction(db, () => {
        const previous = last.get() as { sequence: number; hash: string } | undefined;
        const sequence = (previous?.sequence ?? 0) + 1;
        const prev = previous?.hash ?? '';
        const fields = {
          sequence,
          at: now().toISOString(),
          counter: counter(),
          agentId: entry.who?.agentId ?? null,
          agentName: entry.who?.name ?? null,
          approverId: entry.approver?.agentId ?? null,
          approverName: entry.approver?.name ?? null,
          action: entry.action,
          outcome: entry.outcome ?? 'done',
          what,
          words,
        };
        const { preimage } = preimageOf.get({ ...fields, prev }) as { preimage: string };
        const { at, agentId, agentName, approverId, approverName, action, outcome } = fields;
        const row: EntryRow = [
          sequence,
          at,
          fields.counter,
          agentId,
          agentName,
          approverId,
          approverName,
          action,
          outcome,
          what,
          prev,
          sha256(preimage),
          words,
        ];
        insert.run(...row);
        return row;
      });
      anchor.set({ count: written[0], hash: written[11] });
      onAppend();
      return toEntry(written);
    },

    /** The entries the filter keeps, newest first, `limit` at most, older than `before` when given. */
    list({ limit, ...filter }: AuditFilter & { before?: number | undefined; limit: number }): AuditEntry[] {
      return matching(filter, 'newest first', limit);
    },

    /** Up to `limit` entries after `sequence`, oldest first, each with both its hashes: what the agency is sent next. */
    chainAfter(sequence: number, limit: number): ChainedAuditEntry[] {
      return (chained.all(sequence, limit) as unknown as EntryRow[]).map(chainedOf);
    },

    /** The sequence of the newest entry (0 while the audit is empty). */
    lastSequence: (): number => (size.get() as { last: number }).last,

    /** Every entry the filter keeps, in the chain's order (for an export). */
    everyEntry: (filter: AuditFilter): AuditEntry[] => matching(filter, 'oldest first'),

    /** Walks the whole chain, then compares its length and last hash with the anchor; what broke is worded by `words` (English without). */
    async verify(words?: Pick<MainWords, 'text'>): Promise<AuditVerdict> {
      const say = (text: Text) => (words ? words.text(text) : englishText(text));
      const checkedAt = now().toISOString();
      const anchored = anchor.get();
      const walked = await walk(anchored?.count ?? 0);
      if (walked.broken) {
        const { problem, sequence, text } = walked.broken;
        return { ok: false, entries: walked.entries, checkedAt, problem, sequence, message: say(text) };
      }
      if (anchored && anchored.count > walked.entries) {
        const first = walked.entries + 1;
        return {
          ok: false,
          entries: walked.entries,
          checkedAt,
          problem: 'truncated',
          sequence: first,
          message: say({
            message: verdictWords.truncated,
            values: { first: String(first), last: first === anchored.count ? 'same' : String(anchored.count) },
          }),
        };
      }
      if (anchored && anchored.count > 0 && walked.anchoredHash !== anchored.hash) {
        return {
          ok: false,
          entries: walked.entries,
          checkedAt,
          problem: 'altered',
          sequence: anchored.count,
          message: say({ message: verdictWords.rewritten, values: { sequence: String(anchored.count) } }),
        };
      }
      // An entry written just before a stop may not have reached the anchor yet: the chain holds, so the anchor follows it.
      if (walked.entries > (anchored?.count ?? 0)) anchor.set({ count: walked.entries, hash: walked.lastHash });
      return { ok: true, entries: walked.entries, checkedAt };
    },

    close: () => db.close(),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** The anchor kept as a preference in the settings database. */
export function preferenceAnchor(preferences: { get(key: string): string | null; set(key: string, value: string): void }): AuditAnchor {
  return {
    get: () => {
      const stored = preferences.get('audit_anchor');
      if (stored === null) return null;
      const parsed = JSON.parse(stored) as { count?: unknown; hash?: unknown };
      return typeof parsed.count === 'number' && typeof parsed.hash === 'string' ? { count: parsed.count, hash: parsed.hash } : null;
    },
    set: (value) => preferences.set('audit_anchor', JSON.stringify(value)),
  };
}
