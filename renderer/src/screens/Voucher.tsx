import { useEffect, useState } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { Loader } from '@mantine/core';
import type { BookingRecord } from '../../../shared/bookings';
import { formatDate, formatMoney, nightsBetween } from '../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../shared/i18n/messages';
import type { Language } from '../../../shared/i18n/languages';
import { DocumentLanguage } from '../components/DocumentLanguage';
import { useLanguage } from '../i18n/language-store';
import { useDocumentWords } from '../i18n/use-document-words';
import { useMainCall } from '../hooks/use-main-call';
import { ErrorNotice } from '../components/ErrorNotice';
import { escapeTaken } from '../components/escape-taken';
import { PrintBar } from '../components/PrintBar';
import { useShortcutKeys } from '../components/use-shortcuts';
import { useAppStore } from '../stores/app-store';

const words = defineMessages({
  loading: { id: 'voucher.loading', defaultMessage: 'Loading the voucher' },
  back: { id: 'voucher.back', defaultMessage: 'Back' },
  voucher: { id: 'voucher.label', defaultMessage: 'Voucher' },
  kicker: { id: 'voucher.kicker', defaultMessage: 'Travel voucher' },
  kickerTraining: { id: 'voucher.kicker.training', defaultMessage: 'Travel voucher · TRAINING — not valid for travel' },
  reference: { id: 'voucher.reference', defaultMessage: 'Booking reference' },
  leadTraveler: { id: 'voucher.leadTraveler', defaultMessage: 'Lead traveler' },
  leadTravelerValue: { id: 'voucher.leadTraveler.value', defaultMessage: '{name} {surname}' },
  checkIn: { id: 'voucher.checkIn', defaultMessage: 'Check-in' },
  checkOut: { id: 'voucher.checkOut', defaultMessage: 'Check-out' },
  stay: { id: 'voucher.stay', defaultMessage: 'Stay' },
  stayValue: {
    id: 'voucher.stay.value',
    defaultMessage: '{nights, plural, one {# night} other {# nights}}, {adults, plural, one {# adult} other {# adults}}',
  },
  paid: { id: 'voucher.paid', defaultMessage: 'Paid' },
  agencyReference: { id: 'voucher.agencyReference', defaultMessage: 'Agency reference' },
  footer: { id: 'voucher.footer', defaultMessage: 'Show this voucher at check-in. Issued by {product} on behalf of the agency.' },
  language: { id: 'voucher.language', defaultMessage: 'The traveler’s language' },
});

/** A printable voucher for a confirmed booking: what the traveler shows at the hotel. */
export function Voucher({ bookingId }: { bookingId: number }) {
  const intl = useIntl();
  const openVoucher = useAppStore((state) => state.openVoucher);
  const [booking, setBooking] = useState<BookingRecord | null>(null);
  // The traveler's language, for the voucher only: the agent's screens stay in theirs.
  const agentLanguage = useLanguage((state) => state.language);
  const [language, setLanguage] = useState<Language>(agentLanguage);
  const documentWords = useDocumentWords(language);
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
  if (!booking) return <Loader role="status" aria-label={intl.formatMessage(words.loading)} />;
  return (
    <div className="voucher-page">
      {/* Opened to be printed: Print has the focus (the voucher arrives after its loading state, which had it). */}
      <PrintBar
        back={intl.formatMessage(words.back)}
        onBack={() => openVoucher(null)}
        printFirst
        savePdf={async (mainCall) => (await mainCall('vouchers:save-pdf', { bookingId })).path}
      >
        <DocumentLanguage label={intl.formatMessage(words.language)} value={language} onChange={setLanguage} />
      </PrintBar>
      {documentWords === null ? (
        <Loader role="status" aria-label={intl.formatMessage(words.loading)} />
      ) : (
        <RawIntlProvider value={documentWords}>
          <VoucherDocument booking={booking} />
        </RawIntlProvider>
      )}
    </div>
  );
}

/** The voucher itself, in the words and formats of the language it is printed in. */
function VoucherDocument({ booking }: { booking: BookingRecord }) {
  const intl = useIntl();
  return (
    <article className="voucher" aria-label={intl.formatMessage(words.voucher)} lang={intl.locale}>
      <header>
        <p className="voucher-kicker">{intl.formatMessage(booking.profileKind === 'training' ? words.kickerTraining : words.kicker)}</p>
        <h1>{booking.packageTitle}</h1>
        <p className="voucher-hotel">{booking.propertyName}</p>
      </header>
      <section className="voucher-reference">
        <span>
          <FormattedMessage {...words.reference} />
        </span>
        <strong className="mono">{booking.bookingReference}</strong>
      </section>
      <dl>
        <dt>
          <FormattedMessage {...words.leadTraveler} />
        </dt>
        <dd>
          <FormattedMessage {...words.leadTravelerValue} values={{ name: booking.holder.name, surname: booking.holder.surname }} />
        </dd>
        <dt>
          <FormattedMessage {...words.checkIn} />
        </dt>
        <dd>{formatDate(booking.checkIn, intl.locale)}</dd>
        <dt>
          <FormattedMessage {...words.checkOut} />
        </dt>
        <dd>{formatDate(booking.checkOut, intl.locale)}</dd>
        <dt>
          <FormattedMessage {...words.stay} />
        </dt>
        <dd>
          <FormattedMessage
            {...words.stayValue}
            values={{ nights: nightsBetween(booking.checkIn, booking.checkOut), adults: booking.adults }}
          />
        </dd>
        <dt>
          <FormattedMessage {...words.paid} />
        </dt>
        <dd>{formatMoney(booking.totalMinor, booking.currency, intl.locale)}</dd>
        <dt>
          <FormattedMessage {...words.agencyReference} />
        </dt>
        <dd className="mono">{booking.clientReference}</dd>
      </dl>
      <footer>
        <FormattedMessage {...words.footer} values={{ product: PRODUCT_NAME }} />
      </footer>
    </article>
  );
}
