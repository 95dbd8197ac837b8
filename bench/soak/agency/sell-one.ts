import type { Core } from '../../../electron/core/core';
import type { BookingRecord } from '../../../shared/bookings';
import { drawStay, priceStay } from '../../../test/support/stays';
import type { SeenOperation } from '../attention-seen';

type Catalog = Awaited<ReturnType<Core['engine']['search']>>;

const ignore = () => undefined;

/** The built-in service's 3-D Secure page, answered as the cardholder would. */
async function threeDSecure(challengeUrl: string | null, outcome: 'approve' | 'fail'): Promise<void> {
  if (!challengeUrl) return;
  const url = new URL(challengeUrl);
  await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: url.searchParams.get('client_secret') ?? '', outcome }),
  });
}

/**
 * One sale as an agent makes it, parts chosen by `random`: price a stay, hold it, then a tenth of the
 * time leave the hold unpaid, else pay (a declined card first, 3-D Secure passed or failed). The
 * booking as the ledger has it once the sale is over (paid or not); null when the stay was sold out.
 * A payment refused or left in doubt ends the sale: the reconciler settles what was left open. Each
 * write whose outcome the call returned goes to `saw` (what the agent's screen showed).
 */
export async function sellOne(
  core: Core,
  catalog: Catalog,
  random: () => number,
  holder: { name: string; surname: string; email: string },
  saw: (row: number, operation: SeenOperation) => void,
): Promise<BookingRecord | null> {
  const stay = drawStay(random, catalog, { days: [20, 320], nights: [2, 5] });
  const quote = await priceStay(core, stay);
  if (!quote.available) return null;
  const hold = await core.engine.startHold(quote, [35, 36]);
  const booking = await core.engine.prebook(hold.holdId, holder);
  saw(booking.id, 'prebook');
  const part = random();
  if (part >= 0.1) {
    try {
      if (part < 0.25) await core.payments.payWith(booking.id, 'pm_card_chargeDeclined').then(() => saw(booking.id, 'book'), ignore);
      const paid = await core.payments.payWith(booking.id, part < 0.45 ? 'pm_card_threeDSecure2Required' : 'pm_card_visa');
      saw(booking.id, 'book');
      if (paid.kind === 'requires_action') {
        await threeDSecure(paid.challengeUrl, part < 0.3 ? 'fail' : 'approve');
        await core.payments
          .completeAuthentication(booking.id, paid.paymentIntentId)
          .catch(async () => core.payments.payWith(booking.id, 'pm_card_visa'));
        saw(booking.id, 'book');
      }
    } catch {
      // The traveler's card was refused, or the agency could not be asked: the hold stays, the agent moves on.
    }
  }
  return core.ledger.get(booking.id) ?? booking;
}
