import { defineMessages } from '../../../shared/i18n/messages';
import type { Pool } from 'pg';
import { AppError } from '../app-error';
import { agencyNotTrusted, agencyUnreachable, isConnectionFailure, isTlsFailure, openAgencyPool } from './agency-connection';
import type { AgencyConnectionSettings } from './agency-connection';
import { agencyMigrations, migrateAgencySchema } from './agency-migrations';
import type { AgencyMigration } from './agency-migrations';
import { WeakAuthenticationRefused } from './scram-only-client';

const words = defineMessages({
  weakLogin: {
    id: 'error.agency.weakLogin.message',
    defaultMessage:
      'The agency ledger at {server} asked for the password {method, select, cleartext {in plain text} other {as an MD5 hash}}, so it was not sent.',
  },
  weakLoginHint: {
    id: 'error.agency.weakLogin.hint',
    defaultMessage:
      'Packdesk sends the agency’s password only by SCRAM: ask whoever runs the server to set password_encryption = scram-sha-256, set the password again and use scram-sha-256 in pg_hba.conf. Check too that this is the agency’s server.',
  },
  loginRefused: {
    id: 'error.agency.loginRefused.message',
    defaultMessage: 'The user name or password was refused by the agency ledger at {server} (user “{user}”).',
  },
  loginRefusedHint: {
    id: 'error.agency.loginRefused.hint',
    defaultMessage: 'Check both with whoever runs the agency server; the server may also need to allow this computer (pg_hba.conf).',
  },
  noDatabase: {
    id: 'error.agency.noDatabase.message',
    defaultMessage: 'There is no database “{database}” on the agency ledger at {server}.',
  },
  noDatabaseHint: {
    id: 'error.agency.noDatabase.hint',
    defaultMessage: 'Check the database name with whoever runs the agency server (README: An agency with several counters).',
  },
  noPrivilege: {
    id: 'error.agency.noPrivilege.message',
    defaultMessage: 'The user “{user}” may not create or use the agency’s tables in “{database}”.',
  },
  noPrivilegeHint: {
    id: 'error.agency.noPrivilege.hint',
    defaultMessage: 'Ask whoever runs the agency server to make this user the owner of that database.',
  },
});

/** This counter as the agency knows it: a stable id chosen once, and the name other counters see ("Desk 2"). */
export interface AgencyCounter {
  counterId: string;
  name: string;
}

/**
 * Opens the agency's pool, brings its schema up to date (or refuses a newer one) and records this
 * counter and its current name. Throws `offline` when the server cannot be reached or not trusted.
 */
export async function connectToAgency(
  settings: AgencyConnectionSettings,
  counter: AgencyCounter,
  migrations: readonly AgencyMigration[] = agencyMigrations,
): Promise<Pool> {
  const pool = openAgencyPool(settings);
  try {
    await migrateAgencySchema(pool, migrations);
    // Bound to the user this counter logs in as: no other user can write as this counter.
    await pool.query('SELECT agency_join($1, $2)', [counter.counterId, counter.name]);
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (isTlsFailure(error)) throw agencyNotTrusted(settings, error);
    if (isConnectionFailure(error)) throw agencyUnreachable(settings, error);
    throw refusedInWords(settings, error) ?? error;
  }
}

/** What the server said when it answered but would not let this counter in, in words; null for anything else. */
function refusedInWords(settings: AgencyConnectionSettings, error: unknown): AppError | null {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const server = `${settings.host}:${settings.port}`;
  if (error instanceof WeakAuthenticationRefused) {
    return new AppError(
      'agency_login_refused',
      { message: words.weakLogin, values: { server, method: error.method } },
      { message: words.weakLoginHint },
      { cause: error },
    );
  }
  switch (code) {
    // invalid_password, invalid_authorization_specification (no such role, or no pg_hba.conf line for it)
    case '28P01':
    case '28000':
      return new AppError(
        'agency_login_refused',
        { message: words.loginRefused, values: { server, user: settings.user } },
        { message: words.loginRefusedHint },
        { cause: error },
      );
    // invalid_catalog_name
    case '3D000':
      return new AppError(
        'agency_login_refused',
        { message: words.noDatabase, values: { server, database: settings.database } },
        { message: words.noDatabaseHint },
        { cause: error },
      );
    // insufficient_privilege: the first counter creates the tables
    case '42501':
      return new AppError(
        'agency_login_refused',
        { message: words.noPrivilege, values: { user: settings.user, database: settings.database } },
        { message: words.noPrivilegeHint },
        { cause: error },
      );
    default:
      return null;
  }
}
