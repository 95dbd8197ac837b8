import type { AddressInfo } from 'node:net';
import type { ControlSettings } from '../../shared/training-controls';
import { openDatabase } from '../sqlite/database';
import { createBookingService } from './booking-service';
import type { BookingService } from './booking-service';
import { createControls } from './controls';
import type { TrainingControls } from './controls';
import { dialectTable } from './dialect';
import type { Dialect, DialectTable } from './dialect';
import { sandboxMigrations } from './migrations';
import { bootstrapKeys, createOrganization, forgetOrganizationBookings, organizationFor } from './organizations';
import type { OrganizationKeys } from './organizations';
import { createRouter } from './router';
import { startSettlementTimers } from './settlement-timers';
import { createWriteLog } from './write-log';

export type { Dialect } from './dialect';

export interface SandboxOptions {
  /** The service's SQLite file; ':memory:' for a throw-away one. */
  dataFile: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  controls?: Partial<ControlSettings>;
  now?: () => number;
  maxBodyBytes?: number;
  /** How the service answers where the spec says "not shown"; chosen per start, never stored. Default 'standard'. */
  dialect?: Dialect;
}

export type { OrganizationKeys } from './organizations';

export interface Sandbox {
  url: string;
  /** The keys of the training organization every fresh service has. */
  keys: OrganizationKeys;
  /** Guards /sandbox/controls when the service runs on its own. */
  adminKey: string;
  controls: TrainingControls;
  service: BookingService;
  dialect: Dialect;
  createOrganization(name: string): OrganizationKeys;
  /** The organization kept under a label (a trainee's profile), made on first use; 'training' is the first one. */
  organizationFor(label: string): OrganizationKeys;
  /** Forgets every booking, offer and token of an organization (a fresh training day); returns how many bookings went. */
  forgetBookings(organizationId: number): number;
  close(): Promise<void>;
}

/** Starts the built-in Package Booking Service on loopback. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const db = openDatabase(options.dataFile, sandboxMigrations);
  const { keys, adminKey } = bootstrapKeys(db);
  const dialect: DialectTable = dialectTable(options.dialect);
  const controls = createControls({ tokenLifetimeMs: dialect.tokenLifetimeMs, ...options.controls });
  let publicUrl = '';
  const service = createBookingService(db, controls, {
    publicUrl: () => publicUrl,
    dialect: dialect.name,
    ...(options.now ? { now: options.now } : {}),
  });
  const settlements = startSettlementTimers(service, controls);
  const server = createRouter({
    service,
    controls,
    dialect,
    adminKey,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    writeLog: createWriteLog(db),
    publicUrl: () => publicUrl,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  let closed = false;
  publicUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    url: publicUrl,
    keys,
    adminKey,
    controls,
    service,
    dialect: dialect.name,
    createOrganization: (name) => createOrganization(db, name),
    organizationFor: (label) => organizationFor(db, label, keys),
    forgetBookings: (organizationId) => forgetOrganizationBookings(db, organizationId),
    close: async () => {
      if (closed) return;
      closed = true;
      settlements.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
