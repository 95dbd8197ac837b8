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
import { sameSecret } from './secret-compare';
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
      const key = /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';
      // Every key is compared in constant time, with no early exit: how long the answer takes says
      // nothing about which key, or how much of one, was right (an index lookup by key would).
      let found: { organization_id: number; kind: 'test' | 'live' } | undefined;
      const keys = db.prepare('SELECT key, organization_id, kind FROM api_keys').all() as {
        key: string;
        organization_id: number;
        kind: 'test' | 'live';
      }[];
      for (const row of keys) if (sameSecret(key, row.key)) found = row;
      if (!found) throw new ApiError('unauthenticated', 'Send a valid API key as "Authorization: Bearer sk_test_…" or "sk_live_…".');
      return { organizationId: found.organization_id, keyKind: found.kind };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
