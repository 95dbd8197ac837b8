import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { AgentView, Role } from '../../../shared/people';
import { AppError } from '../app-error';
import { transaction } from '../database';
import { hashPin, pinMatches } from './pin-hash';

const words = defineMessages({
  locked: {
    id: 'error.agents.locked.message',
    defaultMessage: '{name} is locked until {until} after {tries, plural, one {# wrong PIN} other {# wrong PINs}}.',
  },
  lockedHint: { id: 'error.agents.locked.hint', defaultMessage: 'Wait until then, or ask an administrator to unlock you.' },
  notFound: { id: 'error.agents.notFound.message', defaultMessage: 'There is no agent number {id}.' },
  notFoundHint: { id: 'error.agents.notFound.hint', defaultMessage: 'Pick a name from the list of agents.' },
  nameTaken: { id: 'error.agents.nameTaken.message', defaultMessage: 'An agent named "{name}" already exists.' },
  nameTakenHint: { id: 'error.agents.nameTaken.hint', defaultMessage: 'Choose another name.' },
  wrongPin: {
    id: 'error.agents.wrongPin.message',
    defaultMessage: 'That is not {name}’s PIN. {remaining, plural, one {# try remains} other {# tries remain}} before {name} is locked.',
  },
  wrongPinHint: { id: 'error.agents.wrongPin.hint', defaultMessage: 'Type the PIN again.' },
  lastAdministrator: {
    id: 'error.agents.lastAdministrator.message',
    defaultMessage: '{name} is this counter’s only administrator and stays one.',
  },
  lastAdministratorHint: {
    id: 'error.agents.lastAdministrator.hint',
    defaultMessage: 'Make another agent an administrator first, then change this role.',
  },
});

/** Wrong PINs in a row that lock an agent. */
export const TRIES_BEFORE_LOCK = 5;
/** The first lock lasts a minute; each next one in a row twice as long as the one before, up to a day. */
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 24 * 60 * 60_000;

type Row = {
  id: number;
  name: string;
  role: Role;
  pin_hash: string;
  failed_tries: number;
  lockouts: number;
  locked_until: string | null;
};

const viewOf = (row: Row, now: Date): AgentView => ({
  id: row.id,
  name: row.name,
  role: row.role,
  lockedUntil: row.locked_until && Date.parse(row.locked_until) > now.getTime() ? row.locked_until : null,
  failedTries: row.failed_tries,
});

/** A time as the counter's clock shows it, for an agent to read: "2026-11-27 14:05". */
function localMinute(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

function lockedError(name: string, until: string): AppError {
  return new AppError(
    'agent_locked',
    { message: words.locked, values: { name, until: localMinute(until), tries: TRIES_BEFORE_LOCK } },
    { message: words.lockedHint },
  );
}

/**
 * The agents of this counter in the settings database. A PIN is kept only as its scrypt hash and is
 * never logged, returned or put in an error. `now` is the clock (tests give their own).
 */
export function createAgentDirectory(db: DatabaseSync, now: () => Date = () => new Date()) {
  const byId = db.prepare('SELECT * FROM agents WHERE id = ?');
  const byName = db.prepare('SELECT id FROM agents WHERE name = ? AND id != ?');
  const administrators = db.prepare("SELECT COUNT(*) AS count FROM agents WHERE role = 'administrator'");

  function row(id: number): Row {
    const found = byId.get(id) as Row | undefined;
    if (!found) throw new AppError('agent_not_found', { message: words.notFound, values: { id } }, { message: words.notFoundHint });
    return found;
  }

  function lockLengthMs(lockouts: number): number {
    return Math.min(FIRST_LOCK_MS * 2 ** (lockouts - 1), LONGEST_LOCK_MS);
  }

  /** Counts a wrong PIN; the fifth in a row locks the agent, for twice as long as the lock before. */
  function countWrongPin(id: number): Row {
    return transaction(db, () => {
      db.prepare('UPDATE agents SET failed_tries = failed_tries + 1 WHERE id = ?').run(id);
      const after = row(id);
      if (after.failed_tries < TRIES_BEFORE_LOCK) return after;
      const lockouts = after.lockouts + 1;
      const until = new Date(now().getTime() + lockLengthMs(lockouts)).toISOString();
      db.prepare('UPDATE agents SET failed_tries = 0, lockouts = ?, locked_until = ? WHERE id = ?').run(lockouts, until, id);
      return row(id);
    });
  }

  return {
    /** Whether sign-in is asked at all: only once an administrator exists. */
    hasAdministrator: (): boolean => (administrators.get() as { count: number }).count > 0,

    list(): AgentView[] {
      const rows = db.prepare('SELECT * FROM agents ORDER BY name COLLATE NOCASE').all() as Row[];
      return rows.map((found) => viewOf(found, now()));
    },

    find: (id: number): AgentView => viewOf(row(id), now()),

    async create(name: string, role: Role, pin: string): Promise<AgentView> {
      const trimmed = name.trim();
      if (byName.get(trimmed, 0))
        throw new AppError('agent_name_taken', { message: words.nameTaken, values: { name: trimmed } }, { message: words.nameTakenHint });
      const hash = await hashPin(pin);
      const id = Number(
        db
          .prepare('INSERT INTO agents (name, role, pin_hash, created_at) VALUES (?, ?, ?, ?)')
          .run(trimmed, role, hash, now().toISOString()).lastInsertRowid,
      );
      return viewOf(row(id), now());
    },

    /** The agent, when the PIN is theirs; otherwise an error that says how many tries remain, or until when they are locked. */
    async verify(id: number, pin: string): Promise<AgentView> {
      const before = row(id);
      if (before.locked_until && Date.parse(before.locked_until) > now().getTime()) throw lockedError(before.name, before.locked_until);
      if (await pinMatches(pin, before.pin_hash)) {
        db.prepare('UPDATE agents SET failed_tries = 0, lockouts = 0, locked_until = NULL WHERE id = ?').run(id);
        return viewOf(row(id), now());
      }
      const after = countWrongPin(id);
      if (after.locked_until && after.failed_tries === 0) throw lockedError(after.name, after.locked_until);
      const remaining = TRIES_BEFORE_LOCK - after.failed_tries;
      throw new AppError(
        'wrong_pin',
        { message: words.wrongPin, values: { name: after.name, remaining } },
        { message: words.wrongPinHint },
      );
    },

    /** Lifts a lock and forgets the wrong tries, so the next lock starts at a minute again. */
    unlock(id: number): AgentView {
      row(id);
      db.prepare('UPDATE agents SET failed_tries = 0, lockouts = 0, locked_until = NULL WHERE id = ?').run(id);
      return viewOf(row(id), now());
    },

    /** Another role for an agent; the last administrator keeps theirs, so someone can always set the counter up. */
    setRole(id: number, role: Role): AgentView {
      const before = row(id);
      const others = (
        db.prepare("SELECT COUNT(*) AS count FROM agents WHERE role = 'administrator' AND id != ?").get(id) as { count: number }
      ).count;
      if (before.role === 'administrator' && role !== 'administrator' && others === 0)
        throw new AppError(
          'last_administrator',
          { message: words.lastAdministrator, values: { name: before.name } },
          { message: words.lastAdministratorHint },
        );
      db.prepare('UPDATE agents SET role = ? WHERE id = ?').run(role, id);
      return viewOf(row(id), now());
    },

    /** A new PIN for an agent who forgot theirs; it also unlocks them. */
    async resetPin(id: number, pin: string): Promise<AgentView> {
      row(id);
      const hash = await hashPin(pin);
      db.prepare('UPDATE agents SET pin_hash = ?, failed_tries = 0, lockouts = 0, locked_until = NULL WHERE id = ?').run(hash, id);
      return viewOf(row(id), now());
    },
  };
}

export type AgentDirectory = ReturnType<typeof createAgentDirectory>;
