/** Spec endpoints 1 and 2: search packages, price a stay, mint a prebook token. */
import { availabilityRequestSchema } from '../../shared/api';
import { ApiError } from './api-error';
import { searchCatalog } from './catalog';
import { nightsBetween, quoteStay } from './pricing';
import { canonicalItems, checkStayDates, invalid, parseBody, requireLive } from './service-context';
import type { Caller, ServiceContext } from './service-context';

export function catalogAndPricing(context: ServiceContext) {
  const { db, dialect } = context;

  return {
    search(title: string) {
      return dialect.shapes.search(searchCatalog(title), context.shapeContext());
    },

    availability(caller: Caller, packageId: number, body: unknown) {
      const request = parseBody(availabilityRequestSchema, body);
      const { pkg, property } = context.catalogEntry(packageId, request.property_id);
      checkStayDates(request.check_in, request.check_out, context.today());
      const stay = {
        packageId: pkg.id,
        propertyId: property.id,
        nights: nightsBetween(request.check_in, request.check_out),
        adults: request.adults,
      };
      if (request.mode !== 'prebook') {
        if (request.items)
          throw invalid('items are sent only with mode "prebook".', [{ field: 'items', problem: 'only with mode prebook' }]);
        const minted = context.mintOffer(caller, pkg, property, request.check_in, request.check_out, request.adults);
        const facts = minted
          ? { available: true as const, totalMinor: minted.total, currency: minted.currency, availabilityId: minted.id, ...stay }
          : { available: false as const, currency: pkg.currency, ...stay };
        return dialect.shapes.pricing(facts, context.shapeContext());
      }
      requireLive(caller);
      if (!request.items)
        throw invalid('mode "prebook" needs items with the availability_id from pricing.', [
          { field: 'items', problem: 'required with mode prebook' },
        ]);
      const offers = context.itemOffers(caller, request.items, pkg.id, property.id, request.check_in, request.check_out);
      // The trainer's "price rises": an offer still at the price before the rise is refused; priced again, the stay costs more.
      if (context.controls.current.priceRisePercent > 0) {
        const before = quoteStay(pkg, property, request.check_in, request.check_out, request.adults);
        if (before.available && offers.some((found) => found.total_minor === before.totalMinor))
          throw new ApiError('price_changed', 'The price of this stay has risen since it was priced; price it again for the new price.');
      }
      const mismatch = offers.find((found) => found.adults !== request.adults);
      if (mismatch) {
        throw new ApiError(
          'pax_count_mismatch',
          `adults is ${request.adults} but offer ${mismatch.id} was priced for ${mismatch.adults}.`,
          { fields: [{ field: 'adults', problem: `offer ${mismatch.id} was priced for ${mismatch.adults}` }] },
        );
      }
      const token = dialect.newToken();
      const expiresAt = new Date(context.now() + context.controls.current.tokenLifetimeMs).toISOString();
      db.prepare(
        'INSERT INTO prebook_tokens (token, organization_id, package_id, property_id, check_in, check_out, items, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        token,
        caller.organizationId,
        pkg.id,
        property.id,
        request.check_in,
        request.check_out,
        canonicalItems(request.items),
        expiresAt,
      );
      return dialect.shapes.token({ token, expiresAt, packageId: pkg.id }, context.shapeContext());
    },
  };
}
