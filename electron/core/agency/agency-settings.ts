import { defineMessages } from '../../../shared/i18n/messages';
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { isLoopbackHost } from '../../../shared/agency';
import type { AgencySettingsInput, AgencySettingsView } from '../../../shared/agency';
import { AppError } from '../app-error';
import type { SecretStore } from '../secrets';
import type { AgencyConnectionSettings } from './agency-connection';
import type { AgencyCounter } from './connect-to-agency';

const words = defineMessages({
  alreadyJoined: {
    id: 'error.agency.alreadyJoined.message',
    defaultMessage: 'Another profile of this counter already shares its bookings with an agency.',
  },
  alreadyJoinedHint: {
    id: 'error.agency.alreadyJoined.hint',
    defaultMessage: 'Disconnect that profile from the agency in its settings first: a counter’s history belongs to one agency.',
  },
  notEncrypted: {
    id: 'error.agency.notEncrypted.message',
    defaultMessage:
      'Not encrypted is only for a server on this computer (localhost, 127.0.0.1): anyone on the way would read the bookings and the password.',
  },
  notEncryptedHint: {
    id: 'error.agency.notEncrypted.hint',
    defaultMessage: 'Choose “Encrypted and checked” for the agency’s server. Nothing was saved.',
  },
});

interface ConnectionRow {
  profile_id: number;
  host: string;
  port: number;
  database_name: string;
  user_name: string;
  tls_mode: AgencyConnectionSettings['tlsMode'];
  ca_certificate: string | null;
  counter_name: string;
  counter_id: string;
}

/** A saved connection, ready to use: the server, and this counter as the agency knows it. */
export interface SavedAgencyConnection {
  profileId: number;
  settings: AgencyConnectionSettings;
  counter: AgencyCounter;
}

const passwordAccount = (profileId: number) => `agency:${profileId}`;

/** Whether a connection goes to the same server, database and user as the saved one (the only one its password is for). */
const sameServerAndUser = (saved: ConnectionRow, next: { host: string; port: number; database: string; user: string }): boolean =>
  saved.host === next.host && saved.port === next.port && saved.database_name === next.database && saved.user_name === next.user;

/**
 * Which agency server a profile's counter shares its ledger with, in the settings database. One
 * profile at a time (the counter's ledger belongs to one agency); the password lives in the keychain.
 */
export function createAgencySettings(db: DatabaseSync, secrets: SecretStore) {
  const row = (profileId: number) =>
    db.prepare('SELECT * FROM agency_connections WHERE profile_id = ?').get(profileId) as ConnectionRow | undefined;

  return {
    view(profileId: number, hasPassword: boolean): AgencySettingsView | null {
      const saved = row(profileId);
      return saved
        ? {
            profileId,
            host: saved.host,
            port: saved.port,
            database: saved.database_name,
            user: saved.user_name,
            tlsMode: saved.tls_mode,
            hasCaCertificate: saved.ca_certificate !== null,
            hasPassword,
            counterName: saved.counter_name,
          }
        : null;
    },

    /** The profile whose agency connection is saved and this counter's id there, or null (the keychain is not asked). */
    savedCounter(): { profileId: number; counterId: string } | null {
      const saved = db.prepare('SELECT profile_id, counter_id FROM agency_connections LIMIT 1').get() as
        { profile_id: number; counter_id: string } | undefined;
      return saved ? { profileId: saved.profile_id, counterId: saved.counter_id } : null;
    },

    hasPassword: async (profileId: number): Promise<boolean> => (await secrets.read(passwordAccount(profileId))) !== null,

    /** The one connected profile's connection, with its password from the keychain; null when none is set. */
    async connected(): Promise<SavedAgencyConnection | null> {
      const saved = db.prepare('SELECT * FROM agency_connections LIMIT 1').get() as ConnectionRow | undefined;
      if (!saved) return null;
      const password = await secrets.read(passwordAccount(saved.profile_id));
      return {
        profileId: saved.profile_id,
        settings: {
          host: saved.host,
          port: saved.port,
          database: saved.database_name,
          user: saved.user_name,
          tlsMode: saved.tls_mode,
          // Trust or peer authentication needs none.
          password: password ?? '',
          ...(saved.ca_certificate !== null ? { caCertificate: saved.ca_certificate } : {}),
        },
        counter: { counterId: saved.counter_id, name: saved.counter_name },
      };
    },

    /**
     * The connection `input` describes, without saving it: the password typed (or the one in the
     * keychain), the CA pasted (or the one saved), and the counter's id (kept across edits). Refused
     * while another profile is connected.
     */
    async proposed(input: AgencySettingsInput): Promise<SavedAgencyConnection> {
      const other = db.prepare('SELECT profile_id FROM agency_connections WHERE profile_id <> ?').get(input.profileId) as
        { profile_id: number } | undefined;
      if (other) {
        throw new AppError('agency_already_joined', { message: words.alreadyJoined }, { message: words.alreadyJoinedHint });
      }
      if (input.tlsMode === 'disable' && !isLoopbackHost(input.host)) {
        throw new AppError('invalid_input', { message: words.notEncrypted }, { message: words.notEncryptedHint });
      }
      const saved = row(input.profileId);
      // The saved password was given for one server and user: it goes nowhere else, whatever the form says.
      const sameLogin = saved !== undefined && sameServerAndUser(saved, input);
      const password = input.password || (sameLogin ? ((await secrets.read(passwordAccount(input.profileId))) ?? '') : '');
      const caCertificate = input.caCertificate ?? saved?.ca_certificate ?? null;
      return {
        profileId: input.profileId,
        settings: {
          host: input.host,
          port: input.port,
          database: input.database,
          user: input.user,
          tlsMode: input.tlsMode,
          password,
          ...(caCertificate !== null ? { caCertificate } : {}),
        },
        counter: { counterId: saved?.counter_id ?? randomUUID(), name: input.counterName },
      };
    },

    /** Saves a connection `proposed` made (and checked): the settings row, and a typed password to the keychain. */
    async save(connection: SavedAgencyConnection, typedPassword: boolean): Promise<void> {
      const { settings } = connection;
      const before = row(connection.profileId);
      if (typedPassword) await secrets.write(passwordAccount(connection.profileId), settings.password);
      else if (before && !sameServerAndUser(before, { ...settings })) await secrets.remove(passwordAccount(connection.profileId));
      db.prepare(
        `INSERT INTO agency_connections (profile_id, host, port, database_name, user_name, tls_mode, ca_certificate, counter_name, counter_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET host = excluded.host, port = excluded.port, database_name = excluded.database_name,
           user_name = excluded.user_name, tls_mode = excluded.tls_mode, ca_certificate = excluded.ca_certificate,
           counter_name = excluded.counter_name`,
      ).run(
        connection.profileId,
        settings.host,
        settings.port,
        settings.database,
        settings.user,
        settings.tlsMode,
        settings.caCertificate ?? null,
        connection.counter.name,
        connection.counter.counterId,
      );
    },

    async remove(profileId: number): Promise<void> {
      db.prepare('DELETE FROM agency_connections WHERE profile_id = ?').run(profileId);
      await secrets.remove(passwordAccount(profileId)).catch(() => undefined);
    },
  };
}
