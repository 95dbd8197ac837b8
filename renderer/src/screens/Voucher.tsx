import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import type { BookingRecord } from '../../../shared/bookings';
import { formatDate, formatMoney, nightsBetween, plural } from '../../../shared/format';
import { useMainCall } from '../hooks/use-main-call';
import { ErrorNotice } from '../components/ErrorNotice';
import { escapeTaken } from '../components/escape-taken';
import { PrintBar } from '../components/PrintBar';
import { useShortcutKeys } from '../components/use-shortcuts';
import { useAppStore } from '../stores/app-store';

/** A printable voucher for a confirmed booking: what the traveler shows at the hotel. */
export function Voucher({ bookingId }: { bookingId: number }) {
  const openVoucher = useAppStore((state) => state.openVoucher);
  const [booking, setBooking] = useState<BookingRecord | null>(null);
  const { run, error } = useMainCall();
  // Escape goes back where the voucher was opened from (the booking, or the confirmation), as Back does.
  useShortcutKeys(
    [
      [
        'voucher-back',
        (event) => {
          if (escapeTaken(event)) return;
          openVoucher(null);
        },
        { preventDefault: false },
      ],
    ],
    { inTextFields: true },
  );
  useEffect(() => {
    void run(
      (mainCall) => mainCall('history:get', { bookingId }),
      (data) => setBooking(data.booking),
    );
  }, [bookingId, run]);

  if (error && !booking) return <ErrorNotice error={error} />;
  if (!booking) return <Loader role="status" aria-label="Loading the voucher" />;
  return (
    <div className="voucher-page">
      {/* Opened to be printed: Print has the focus (the voucher arrives after its loading state, which had it). */}
      <PrintBar
        back="Back"
        onBack={() => openVoucher(null)}
        printFirst
        savePdf={async (mainCall) => (await mainCall('vouchers:save-pdf', { bookingId })).path}
      />
      <article className="voucher" aria-label="Voucher">
        <header>
          <p className="voucher-kicker">Travel voucher{booking.profileKind === 'training' ? ' · TRAINING — not valid for travel' : ''}</p>
          <h1>{booking.packageTitle}</h1>
          <p className="voucher-hotel">{booking.propertyName}</p>
        </header>
        <section className="voucher-reference">
          <span>Booking reference</span>
          <strong className="mono">{booking.bookingReference}</strong>
        </section>
        <dl>
          <dt>Lead traveler</dt>
          <dd>
            {booking.holder.name} {booking.holder.surname}
          </dd>
          <dt>Check-in</dt>
          <dd>{formatDate(booking.checkIn)}</dd>
          <dt>Check-out</dt>
          <dd>{formatDate(booking.checkOut)}</dd>
          <dt>Stay</dt>
          <dd>
            {plural(nightsBetween(booking.checkIn, booking.checkOut), 'night')}, {plural(booking.adults, 'adult')}
          </dd>
          <dt>Paid</dt>
          <dd>{formatMoney(booking.totalMinor, booking.currency)}</dd>
          <dt>Agency reference</dt>
          <dd className="mono">{booking.clientReference}</dd>
        </dl>
        <footer>Show this voucher at check-in. Issued by Packdesk on behalf of the agency.</footer>
      </article>
    </div>
  );
}
