/** Spec endpoint 3: prebook, a hold made from a single-use token. */
import { prebookRequestSchema } from '../../shared/api';
import type { ApiItem } from '../../shared/api';
import { transaction } from '../sqlite/database';
import { ApiError } from './api-error';
import { canonicalItems, parseBody, refuseDuplicateOffers, requireLive } from './service-context';
import type { BookingRow, Caller, ServiceContext } from './service-context';

type TokenRow = {
  organization_id: number;
  package_id: number;
  property_id: number;
  check_in: string;
  check_out: string;
  items: string;
  expires_at: string;
  used_at: string | null;
  booking_id: number | null;
};

type HoldRequest = {
  package_id: number;
  inventory_item_id: number;
  check_in: string;
  check_out: string;
  holder: unknown;
  items: ApiItem[];
};

const sameHold = (made: BookingRow, request: HoldRequest) =>
  made.package_id === request.package_id &&
  made.property_id === request.inventory_item_id &&
  made.check_in === request.check_in &&
  made.check_out === request.check_out &&
  made.items === canonicalItems(request.items) &&
  made.holder === JSON.stringify(request.holder);

export function holds(context: ServiceContext) {
  const { db, dialect } = context;

  /** A used token: the standard service answers the very same request with the hold it made (a lost answer); nothing else is let through. */
  function usedToken(caller: Caller, token: TokenRow & { used_at: string }, request: HoldRequest) {
    const made = token.booking_id === null ? undefined : context.bookingRow(token.booking_id);
    if (dialect.replayUsedToken && made && made.organization_id === caller.organizationId && sameHold(made, request)) {
      return dialect.shapes.prebook({ id: made.id, status: context.statusOf(made), createdAt: made.created_at }, context.shapeContext());
    }
    throw new ApiError('token_used', `This prebook_token was already used at ${token.used_at}; a token makes one hold only.`);
  }

  return {
    prebook(caller: Caller, body: unknown) {
      requireLive(caller);
      const request = parseBody(prebookRequestSchema, body);
      refuseDuplicateOffers(request.items);
      const token = db.prepare('SELECT * FROM prebook_tokens WHERE token = ?').get(request.prebook_token) as TokenRow | undefined;
      if (!token || token.organization_id !== caller.organizationId) {
        throw new ApiError(
          'token_invalid',
          'This prebook_token was not issued to you; get a new one from the availability endpoint with mode "prebook".',
          { fields: [{ field: 'prebook_token', problem: 'was not issued to you' }] },
        );
      }
      if (token.used_at) return usedToken(caller, { ...token, used_at: token.used_at }, request);
      if (token.expires_at <= context.isoNow())
        throw new ApiError('token_expired', `This prebook_token expired at ${token.expires_at}; price the stay again and get a new token.`);
      if (token.package_id !== request.package_id || token.property_id !== request.inventory_item_id) {
        throw new ApiError(
          'token_property_mismatch',
          `The token was made for package ${token.package_id}, property ${token.property_id}; this prebook names package ${request.package_id}, property ${request.inventory_item_id}.`,
        );
      }
      if (token.check_in !== request.check_in || token.check_out !== request.check_out) {
        throw new ApiError(
          'token_dates_mismatch',
          `The token was made for ${token.check_in} to ${token.check_out}; this prebook asks for ${request.check_in} to ${request.check_out}.`,
        );
      }
      if (token.items !== canonicalItems(request.items)) {
        throw new ApiError(
          'token_items_mismatch',
          'The items differ from those the token was made for (availability ids or pax ages); send exactly the same items.',
        );
      }
      const offers = context.itemOffers(
        caller,
        request.items,
        request.package_id,
        request.inventory_item_id,
        request.check_in,
        request.check_out,
      );
      const total = offers.reduce((sum, found) => sum + found.total_minor, 0);
      const currency = offers[0]?.currency ?? 'EUR';
      const at = context.isoNow();
      const id = transaction(db, () => {
        const inserted = Number(
          db
            .prepare(
              'INSERT INTO bookings (organization_id, package_id, property_id, check_in, check_out, holder, items, total_minor, currency, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .run(
              caller.organizationId,
              request.package_id,
              request.inventory_item_id,
              request.check_in,
              request.check_out,
              JSON.stringify(request.holder),
              canonicalItems(request.items),
              total,
              currency,
              'pending',
              at,
              at,
            ).lastInsertRowid,
        );
        db.prepare('UPDATE prebook_tokens SET used_at = ?, booking_id = ? WHERE token = ?').run(at, inserted, request.prebook_token);
        context.rememberRooms(inserted, request.items);
        context.logEvent(inserted, 'prebooked', { total_minor: total, currency });
        return inserted;
      });
      return dialect.shapes.prebook({ id, status: dialect.statuses.pending, createdAt: at }, context.shapeContext());
    },
  };
}
