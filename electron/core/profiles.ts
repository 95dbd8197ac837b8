import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../shared/i18n/messages';
import type { KeySlot, KeyStatus, ProfileKind, ProfileView } from '../../shared/profiles';
import { baseUrlProblem, keyProblem, keySlotSchema, normalizeBaseUrl } from '../../shared/profiles';
import { SPEC_STATUS_RULES, statusRulesSchema, TRAINING_STATUS_RULES, withStatus } from '../../shared/status-rules';
import type { StatusRules } from '../../shared/status-rules';
import { addressChangeQuestion } from './address-change-question';
import { ENGLISH_QUESTIONS, NOBODY_TO_ASK } from './agent-questions';
import type { AskAgent, QuestionWords } from './agent-questions';
import { hostsOf } from './api/key-origin';
import type { OriginBoundKey } from './api/key-origin';
import { AppError } from './app-error';
import { transaction } from './database';
import type { Preferences } from './preferences';
import type { SecretStore } from './secrets';

const words = defineMessages({
  notFound: { id: 'error.profiles.notFound.message', defaultMessage: 'There is no profile number {id}.' },
  notFoundHint: { id: 'error.profiles.notFound.hint', defaultMessage: 'Reload the Settings screen and pick a profile from the list.' },
  builtInLocked: {
    id: 'error.profiles.builtInLocked.message',
    defaultMessage: 'The Training profile belongs to the built-in service and cannot be changed or removed.',
  },
  builtInLockedHint: {
    id: 'error.profiles.builtInLocked.hint',
    defaultMessage: 'Add a profile of your own for your organization instead.',
  },
  nameTaken: { id: 'error.profiles.nameTaken.message', defaultMessage: 'A profile named "{name}" already exists.' },
  nameTakenHint: { id: 'error.profiles.nameTaken.hint', defaultMessage: 'Choose another name.' },
  invalidBaseUrlHint: {
    id: 'error.profiles.invalidBaseUrl.hint',
    defaultMessage: 'Copy the service address from your provider’s welcome e-mail.',
  },
  keyMismatchHint: {
    id: 'error.profiles.keyMismatch.hint',
    defaultMessage: 'Paste the key again, from the right field of your provider’s dashboard. Nothing was saved.',
  },
  moveDeclined: {
    id: 'error.profiles.moveDeclined.message',
    defaultMessage: 'The address of “{profile}” was not changed: the move was not confirmed. Its keys stay saved for {host}.',
  },
  moveDeclinedHint: {
    id: 'error.profiles.moveDeclined.hint',
    defaultMessage:
      'Change the address only if your provider confirmed the new one in its own dashboard or by phone, then confirm the move when Packdesk asks.',
  },
});

/** A profile as stored: no keys, they live in the keychain. */
export interface ProfileRecord {
  id: number;
  name: string;
  kind: ProfileKind;
  baseUrl: string;
  builtIn: boolean;
  statusRules: StatusRules;
  /** Above this difference in price (minor units, either way), confirming a change needs a supervisor; null: never for its amount. */
  changeApprovalAboveMinor: number | null;
}

export interface NewProfile {
  name: string;
  kind: Exclude<ProfileKind, 'training'>;
  baseUrl: string;
  keys: Partial<Record<KeySlot, string>>;
}

const SLOTS = keySlotSchema.options;
const ACTIVE = 'active_profile_id';

const accountFor = (profileId: number, slot: KeySlot) => `profile-${profileId}:${slot}`;

/** The origin a profile's keys are saved for: its address without the path. */
const originOf = (baseUrl: string) => new URL(baseUrl).origin;

type Row = {
  id: number;
  name: string;
  kind: ProfileKind;
  base_url: string;
  built_in: number;
  status_rules: string | null;
  change_approval_above_minor: number | null;
};

function rulesOf(row: Row): StatusRules {
  const fallback = row.built_in === 1 ? TRAINING_STATUS_RULES : SPEC_STATUS_RULES;
  if (!row.status_rules) return fallback;
  const parsed = statusRulesSchema.safeParse(JSON.parse(row.status_rules));
  return parsed.success ? parsed.data : fallback;
}

/** A record shared by every caller: nobody may change it in place (a write goes through the service). */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

const toRecord = (row: Row): ProfileRecord => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  baseUrl: row.base_url,
  builtIn: row.built_in === 1,
  statusRules: rulesOf(row),
  changeApprovalAboveMinor: row.change_approval_above_minor,
});

/**
 * Profiles (name, service address, kind) in SQLite, their keys in the keychain, and beside each key
 * the origin it was saved for (never the key itself). `askAgent` is main's own question to the agent,
 * worded by `mainWords` in the counter's language (English until core passes its words).
 */
export function createProfileService(
  db: DatabaseSync,
  preferences: Preferences,
  secrets: SecretStore,
  askAgent: AskAgent = NOBODY_TO_ASK,
  mainWords: QuestionWords = ENGLISH_QUESTIONS,
) {
  const byId = db.prepare('SELECT * FROM profiles WHERE id = ?');
  const byName = db.prepare('SELECT id FROM profiles WHERE name = ? AND id != ?');
  const originOfKey = db.prepare('SELECT origin FROM key_origins WHERE profile_id = ? AND slot = ?');
  const recordOrigin = db.prepare(
    'INSERT INTO key_origins (profile_id, slot, origin) VALUES (?, ?, ?) ON CONFLICT (profile_id, slot) DO UPDATE SET origin = excluded.origin',
  );
  const forgetOrigin = db.prepare('DELETE FROM key_origins WHERE profile_id = ? AND slot = ?');

  // Every booking the agency's feed applies asks its profile's rules several times: a profile is read and its
  // rules parsed once, until this service writes one (each write forgets them all).
  const records = new Map<number, ProfileRecord>();
  function find(id: number): ProfileRecord {
    const known = records.get(id);
    if (known) return known;
    const row = byId.get(id) as Row | undefined;
    if (!row) {
      throw new AppError('profile_not_found', { message: words.notFound, values: { id } }, { message: words.notFoundHint });
    }
    const record = frozen(toRecord(row));
    records.set(id, record);
    return record;
  }

  function editable(id: number): ProfileRecord {
    const profile = find(id);
    if (profile.builtIn) {
      throw new AppError('builtin_profile_locked', { message: words.builtInLocked }, { message: words.builtInLockedHint });
    }
    return profile;
  }

  function checkName(name: string, exceptId: number): void {
    if (byName.get(name, exceptId)) {
      throw new AppError('profile_name_taken', { message: words.nameTaken, values: { name } }, { message: words.nameTakenHint });
    }
  }

  function checkBaseUrl(raw: string): string {
    const problem = baseUrlProblem(raw.trim());
    if (problem) throw new AppError('invalid_base_url', { message: problem }, { message: words.invalidBaseUrlHint });
    return normalizeBaseUrl(raw);
  }

  function checkKey(profile: Pick<ProfileRecord, 'kind'>, slot: KeySlot, value: string): void {
    const problem = keyProblem(profile.kind, slot, value);
    if (problem) throw new AppError('key_prefix_mismatch', problem, { message: words.keyMismatchHint });
  }

  async function keyStatuses(profile: ProfileRecord): Promise<Record<KeySlot, KeyStatus>> {
    const statuses = {} as Record<KeySlot, KeyStatus>;
    for (const slot of SLOTS) {
      if (profile.builtIn) {
        statuses[slot] = { state: 'provided', note: 'Provided by the built-in training service' };
        continue;
      }
      try {
        const secret = await secrets.read(accountFor(profile.id, slot));
        statuses[slot] = secret ? { state: 'set', lastFour: secret.slice(-4) } : { state: 'missing' };
      } catch {
        statuses[slot] = { state: 'unreadable' };
      }
    }
    return statuses;
  }

  const view = async (profile: ProfileRecord): Promise<ProfileView> => ({ ...profile, keys: await keyStatuses(profile) });

  function activeProfileId(): number {
    const stored = Number(preferences.get(ACTIVE));
    const row = Number.isInteger(stored) ? (byId.get(stored) as Row | undefined) : undefined;
    return row ? row.id : builtInId();
  }

  const firstBuiltIn = db.prepare('SELECT id FROM profiles WHERE built_in = 1 ORDER BY id LIMIT 1');
  function builtInId(): number {
    return (firstBuiltIn.get() as { id: number }).id;
  }

  /**
   * The active profile as last read: every search, price and hold asks for it, and reading it costs
   * three statements and a parse of its status rules. It changes only through this service, whose
   * every write forgets it.
   */
  let activeRecord: ProfileRecord | null = null;
  const forgetActive = () => {
    activeRecord = null;
    records.clear();
  };

  return {
    find,
    activeProfileId,
    active: (): ProfileRecord => (activeRecord ??= find(activeProfileId())),

    async list(): Promise<{ profiles: ProfileView[]; activeProfileId: number }> {
      const rows = db.prepare('SELECT * FROM profiles ORDER BY built_in DESC, name COLLATE NOCASE').all() as Row[];
      const profiles = await Promise.all(rows.map((row) => view(toRecord(row))));
      return { profiles, activeProfileId: activeProfileId() };
    },

    /** Validates everything first, then saves; if the keychain refuses a key, the new profile is removed again. */
    async create(input: NewProfile): Promise<ProfileView> {
      const name = input.name.trim();
      checkName(name, 0);
      const baseUrl = checkBaseUrl(input.baseUrl);
      const keys = Object.entries(input.keys).filter(([, value]) => value) as [KeySlot, string][];
      for (const [slot, value] of keys) checkKey(input, slot, value);
      if (keys.length > 0) await secrets.check();

      forgetActive();
      const id = transaction(db, () => {
        const inserted = Number(
          db
            .prepare('INSERT INTO profiles (name, kind, base_url, built_in, created_at) VALUES (?, ?, ?, 0, ?)')
            .run(name, input.kind, baseUrl, new Date().toISOString()).lastInsertRowid,
        );
        for (const [slot] of keys) recordOrigin.run(inserted, slot, originOf(baseUrl));
        return inserted;
      });
      try {
        for (const [slot, value] of keys) await secrets.write(accountFor(id, slot), value);
      } catch (error) {
        await Promise.allSettled(keys.map(([slot]) => secrets.remove(accountFor(id, slot))));
        db.prepare('DELETE FROM profiles WHERE id = ?').run(id);
        forgetActive();
        throw error;
      }
      return view(find(id));
    },

    /** A trainee's own training profile: on the built-in service like Training, with its own bookings, exercises and report. */
    async createTrainee(name: string): Promise<ProfileView> {
      const trimmed = name.trim();
      checkName(trimmed, 0);
      forgetActive();
      const id = Number(
        db
          .prepare("INSERT INTO profiles (name, kind, base_url, built_in, created_at) VALUES (?, 'training', '', 1, ?)")
          .run(trimmed, new Date().toISOString()).lastInsertRowid,
      );
      return view(find(id));
    },

    /**
     * Renames a profile or changes its address. A move to another origin is first put to the agent in
     * main's own question, naming both hosts; declined, nothing changes. Agreed, the profile's keys are
     * deleted before the address changes: they were given for the old origin and go nowhere else.
     */
    async update(id: number, name: string, baseUrl: string): Promise<ProfileView> {
      const profile = editable(id);
      checkName(name.trim(), id);
      const next = checkBaseUrl(baseUrl);
      const moves = originOf(next) !== originOf(profile.baseUrl);
      if (moves) {
        // The keychain first: a move whose old keys cannot be deleted is not made.
        await secrets.check();
        const keys = await keyStatuses(profile);
        const held = SLOTS.filter((slot) => keys[slot].state === 'set');
        if (!(await askAgent(addressChangeQuestion(mainWords, profile.name, profile.baseUrl, next, held)))) {
          const [old] = hostsOf(profile.baseUrl, next);
          throw new AppError(
            'address_change_declined',
            { message: words.moveDeclined, values: { profile: profile.name, host: old } },
            { message: words.moveDeclinedHint },
          );
        }
        for (const slot of SLOTS) await secrets.remove(accountFor(id, slot));
      }
      forgetActive();
      transaction(db, () => {
        db.prepare('UPDATE profiles SET name = ?, base_url = ? WHERE id = ?').run(name.trim(), next, id);
        if (moves) db.prepare('DELETE FROM key_origins WHERE profile_id = ?').run(id);
      });
      return view(find(id));
    },

    /** Removes the profile and its keys; if it was active, Training becomes active. */
    async remove(id: number): Promise<{ deletedId: number; activeProfileId: number }> {
      editable(id);
      for (const slot of SLOTS) await secrets.remove(accountFor(id, slot));
      forgetActive();
      transaction(db, () => {
        db.prepare('DELETE FROM profiles WHERE id = ?').run(id);
        if (Number(preferences.get(ACTIVE)) === id) preferences.set(ACTIVE, String(builtInId()));
      });
      return { deletedId: id, activeProfileId: activeProfileId() };
    },

    async activate(id: number): Promise<ProfileView> {
      const profile = find(id);
      forgetActive();
      preferences.set(ACTIVE, String(id));
      return view(profile);
    },

    async setKey(profileId: number, slot: KeySlot, value: string): Promise<KeyStatus> {
      const profile = editable(profileId);
      checkKey(profile, slot, value.trim());
      // The origin first: if the keychain then fails, the slot's old key (if any) was saved for the same one.
      recordOrigin.run(profileId, slot, originOf(profile.baseUrl));
      await secrets.write(accountFor(profileId, slot), value.trim());
      return { state: 'set', lastFour: value.trim().slice(-4) };
    },

    async deleteKey(profileId: number, slot: KeySlot): Promise<KeyStatus> {
      editable(profileId);
      await secrets.remove(accountFor(profileId, slot));
      forgetOrigin.run(profileId, slot);
      return { state: 'missing' };
    },

    /** Sets what this profile's service means by its statuses (Settings). */
    async setStatusRules(profileId: number, rules: StatusRules): Promise<ProfileView> {
      find(profileId);
      forgetActive();
      db.prepare('UPDATE profiles SET status_rules = ? WHERE id = ?').run(JSON.stringify(rules), profileId);
      return view(find(profileId));
    },

    /** Sets the difference in price above which confirming a change on this profile needs a supervisor (null: none). */
    async setChangeApproval(profileId: number, aboveMinor: number | null): Promise<ProfileView> {
      find(profileId);
      forgetActive();
      db.prepare('UPDATE profiles SET change_approval_above_minor = ? WHERE id = ?').run(aboveMinor, profileId);
      return view(find(profileId));
    },

    /** Records what an answer of the service taught about a status (a refused cancel, an accepted change). */
    learnStatus(profileId: number, list: keyof StatusRules, status: string, present: boolean): boolean {
      const profile = find(profileId);
      const next = withStatus(profile.statusRules, list, status, present);
      if (next === profile.statusRules) return false;
      forgetActive();
      db.prepare('UPDATE profiles SET status_rules = ? WHERE id = ?').run(JSON.stringify(next), profileId);
      return true;
    },

    /** The key itself and the origin it was saved for, for the main process's own calls; it never crosses to the renderer. */
    async keyFor(profileId: number, slot: KeySlot): Promise<OriginBoundKey | null> {
      const secret = await secrets.read(accountFor(profileId, slot));
      if (!secret) return null;
      const recorded = originOfKey.get(profileId, slot) as { origin: string } | undefined;
      return { secret, origin: recorded?.origin ?? null };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
