import type { Sandbox } from '../../electron/sandbox/sandbox';
import type { BookingRecord } from '../../shared/bookings';
import type { CurrencyTotals } from '../../shared/reports';

const FIELD = { authorization: 'authorized', capture: 'captured', release: 'released', refund: 'refunded', charge: 'paidAtLink' } as const;

/** The built-in service's own payment records of these bookings, summed per currency as a report sums them. */
export function serviceTotals(service: Sandbox, bookings: BookingRecord[]): CurrencyTotals[] {
  const totals = new Map<string, CurrencyTotals>();
  for (const booking of bookings) {
    if (booking.serviceBookingId === null) continue;
    const payments = service.service.ledger(booking.serviceBookingId).payments as unknown as {
      kind: keyof typeof FIELD;
      amount_minor: number;
      currency: string;
    }[];
    for (const payment of payments) {
      const line = totals.get(payment.currency) ?? {
        currency: payment.currency,
        authorized: 0,
        captured: 0,
        released: 0,
        refunded: 0,
        paidAtLink: 0,
        takings: 0,
      };
      line[FIELD[payment.kind]] += payment.amount_minor;
      line.takings = line.captured + line.paidAtLink - line.refunded;
      totals.set(payment.currency, line);
    }
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
