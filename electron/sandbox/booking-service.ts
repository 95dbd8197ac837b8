/**
 * The booking operations of the built-in service, on its own SQLite database, one module per area
 * of the spec. What the spec leaves open is the dialect's (dialect.ts).
 */
import type { DatabaseSync } from 'node:sqlite';
import { ApiError } from './api-error';
import { bookings } from './bookings';
import { catalogAndPricing } from './catalog-and-pricing';
import type { TrainingControls } from './controls';
import { dialectTable } from './dialect';
import type { Dialect } from './dialect';
import { holds } from './holds';
import { modifications } from './modifications';
import { payments } from './payments';
import { createContext } from './service-context';
import type { Caller } from './service-context';

export type { Caller } from './service-context';
export type { Dialect } from './dialect';

export function createBookingService(
  db: DatabaseSync,
  controls: TrainingControls,
  options: { publicUrl: () => string; now?: () => number; dialect?: Dialect },
) {
  const dialect = dialectTable(options.dialect);
  const context = createContext(db, controls, dialect, options);
  const payment = payments(context);

  return {
    dialect: dialect.name,
    ...catalogAndPricing(context),
    ...holds(context),
    ...payment,
    ...bookings(context, payment.settleDue),
    ...modifications(context, payment.settleDue),

    authenticate(header: string | undefined): Caller {
      const key = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
      const row = key
        ? (db.prepare('SELECT organization_id, kind FROM api_keys WHERE key = ?').get(key) as
            { organization_id: number; kind: 'test' | 'live' } | undefined)
        : undefined;
      if (!row) throw new ApiError('unauthenticated', 'Send a valid API key as "Authorization: Bearer sk_test_…" or "sk_live_…".');
      return { organizationId: row.organization_id, keyKind: row.kind };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
