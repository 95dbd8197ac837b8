import { defineMessages } from '../../../shared/i18n/messages';
import { Pool } from 'pg';
import type { Client, ClientConfig, PoolClient } from 'pg';
import { AppError } from '../app-error';
import { ScramOnlyClient } from './scram-only-client';

const words = defineMessages({
  notTrusted: {
    id: 'error.agency.notTrusted.message',
    defaultMessage: 'The agency ledger at {server} did not offer the encrypted, trusted connection this profile asks for ({tlsMode}).',
  },
  notTrustedHint: {
    id: 'error.agency.notTrusted.hint',
    defaultMessage:
      'Nothing was sent to it. Ask whoever runs the agency server for its certificate authority, or the TLS mode to use; this counter works on its own ledger meanwhile.',
  },
  unreachable: { id: 'error.agency.unreachable.message', defaultMessage: 'The agency ledger at {server} cannot be reached.' },
  unreachableHint: {
    id: 'error.agency.unreachable.hint',
    defaultMessage:
      'Bookings made at this counter are kept and sent when it is back; a change to a booking made at another counter waits until then.',
  },
});

/** How a counter reaches the agency's PostgreSQL; the password comes from the caller (the OS keychain), never a file. */
export interface AgencyConnectionSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** disable: plain TCP (loopback, tests); require: encrypted, certificate not checked; verify-full: encrypted and checked. */
  tlsMode: 'disable' | 'require' | 'verify-full';
  /** PEM of the agency's own certificate authority, for verify-full with a private CA. */
  caCertificate?: string;
  /** How long a statement may go unanswered before it fails as a broken link (default 15 s; tests shorten it). */
  queryTimeoutMs?: number;
}

/** A statement stuck behind a broken link (a silent partition) fails after this, instead of holding a counter's write forever. */
const DEFAULT_QUERY_TIMEOUT_MS = 15_000;

function clientConfig(settings: AgencyConnectionSettings): ClientConfig {
  const queryTimeout = settings.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const ssl =
    settings.tlsMode === 'disable'
      ? false
      : settings.tlsMode === 'require'
        ? { rejectUnauthorized: false }
        : { rejectUnauthorized: true, servername: settings.host, ...(settings.caCertificate ? { ca: settings.caCertificate } : {}) };
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password,
    ssl,
    application_name: 'Packdesk',
    // Opening a connection through a silent link waits no longer than a statement would.
    connectionTimeoutMillis: Math.min(5_000, queryTimeout),
    query_timeout: queryTimeout,
    keepAlive: true,
  };
}

/** A small pool for pushes, pulls and leases. Its idle connections dying (server restart) is not an error for the app. */
export function openAgencyPool(settings: AgencyConnectionSettings): Pool {
  const pool = new Pool({ ...clientConfig(settings), max: 4, idleTimeoutMillis: 30_000, Client: ScramOnlyClient });
  // Without a listener, a server closing an idle connection would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** One dedicated connection, for LISTEN: a pool hands its connections back and would drop the subscription. */
export function openAgencyClient(settings: AgencyConnectionSettings): Client {
  return new ScramOnlyClient(clientConfig(settings));
}

// What pg and pg-pool say when a link breaks or a server does not answer; pg-pool's "timeout exceeded" is a statement
// that waited in the pool for a connection while every connection was stuck on a silent link.
const CONNECTION_FAILURE_WORDS =
  /Connection terminated|timeout expired|Query read timeout|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i;
const TIMEOUT_WORDS = /timeout expired|Query read timeout|connection timeout|timeout exceeded when trying to connect/i;

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE']);

/** True when the error says the server could not be reached or the link broke, not that it refused what was asked. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08 is a connection exception; 57P01-57P03 are the server shutting down or starting.
    if (CONNECTION_ERRORS.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
  }
  return CONNECTION_FAILURE_WORDS.test(error.message);
}

/**
 * True when the server did not answer in time (a statement, or opening a connection): unlike a
 * dropped connection, asking again at once would only wait as long again.
 */
export function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === 'ETIMEDOUT' || TIMEOUT_WORDS.test(error.message);
}

const CERTIFICATE_ERRORS = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

/** True when TLS failed: the server's certificate is not trusted for this name, or the server offers no TLS. */
export function isTlsFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && CERTIFICATE_ERRORS.test(code)) || /does not support SSL/i.test(error.message);
}

/** The error an agent sees when the agency's server is there but cannot be trusted (or not encrypted) as the profile asks. */
export function agencyNotTrusted(settings: AgencyConnectionSettings, cause: unknown): AppError {
  return new AppError(
    'offline',
    { message: words.notTrusted, values: { server: `${settings.host}:${settings.port}`, tlsMode: settings.tlsMode } },
    { message: words.notTrustedHint },
    { cause },
  );
}

/** The error an agent sees when the agency's server cannot be reached: what still works, and what waits. */
export function agencyUnreachable(settings: AgencyConnectionSettings, cause: unknown): AppError {
  return new AppError(
    'offline',
    { message: words.unreachable, values: { server: `${settings.host}:${settings.port}` } },
    { message: words.unreachableHint },
    { cause },
  );
}

/**
 * A connection checked out of the pool for a transaction. pg emits 'error' on it when the server
 * goes away even while a query runs (the query's own rejection tells the caller); with no listener
 * that event would be an uncaught exception in the main process.
 */
export async function checkOut(pool: Pool): Promise<PoolClient & { done: (failed: boolean) => void }> {
  const client = await pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  return Object.assign(client, {
    done: (failed: boolean) => {
      client.off('error', ignore);
      client.release(failed);
    },
  });
}
