import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';
import { SPEC_STATUS_RULES, statusTone } from '../../../../shared/status-rules';
import type { StatusTone } from '../../../../shared/status-rules';
import { copyText } from '../../components/copy-text';
import { StatusBadge } from '../../components/StatusBadge';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

/** What the agent tells the traveler, for each kind of status the service can show after paying. */
const WORDS: Record<StatusTone, Message> = defineMessages({
  confirmed: { id: 'newBooking.confirmation.status.confirmed', defaultMessage: 'Paid and confirmed by the supplier.' },
  waiting: { id: 'newBooking.confirmation.status.waiting', defaultMessage: 'Payment authorized. Waiting for the supplier to confirm…' },
  held: { id: 'newBooking.confirmation.status.held', defaultMessage: 'Payment authorized. Waiting for the supplier to confirm…' },
  unknown: {
    id: 'newBooking.confirmation.status.unknown',
    defaultMessage:
      'The service shows a status {product} has no rule for. {product} keeps checking until it is final; do not give the reference as confirmed yet.',
  },
  cancelled: {
    id: 'newBooking.confirmation.status.cancelled',
    defaultMessage: 'The booking is cancelled. Offer the traveler another hotel or other dates.',
  },
  ended: {
    id: 'newBooking.confirmation.status.ended',
    defaultMessage:
      'The service shows this booking ended without a sale: it did not go through. Whether the card authorization is released is the service’s to say; check it before telling the traveler. Offer the traveler another hotel or other dates.',
  },
});

const words = defineMessages({
  card: { id: 'newBooking.confirmation.card', defaultMessage: 'Confirmation' },
  waiting: { id: 'newBooking.confirmation.waiting', defaultMessage: 'Waiting for the supplier' },
  cancelled: { id: 'newBooking.confirmation.cancelled', defaultMessage: 'Cancelled' },
  notBooked: { id: 'newBooking.confirmation.notBooked', defaultMessage: 'Not booked' },
  reference: { id: 'newBooking.confirmation.reference', defaultMessage: 'Booking reference' },
  referenceNotConfirmed: { id: 'newBooking.confirmation.reference.notConfirmed', defaultMessage: 'Booking reference (not confirmed yet)' },
  stay: { id: 'newBooking.confirmation.stay', defaultMessage: '{package} · {hotel} · {checkIn} → {checkOut}' },
  total: { id: 'newBooking.confirmation.total', defaultMessage: '{total} · client reference {reference}' },
  copy: { id: 'newBooking.confirmation.copy', defaultMessage: 'Copy reference' },
  voucher: { id: 'newBooking.confirmation.voucher', defaultMessage: 'Print voucher' },
});

/** Step 6: the status, live until final, then the reference large enough to read across a desk (only for a sale that stands). */
export function ConfirmationStep() {
  const intl = useIntl();
  const booking = useNewBooking((state) => state.booking);
  const card = useRef<HTMLDivElement>(null);
  const voucher = useRef<HTMLButtonElement>(null);
  const openVoucher = useAppStore((state) => state.openVoucher);
  const rules =
    useAppStore((state) => state.profiles.find((profile) => profile.id === booking?.profileId)?.statusRules) ?? SPEC_STATUS_RULES;
  const tone = booking ? statusTone(booking, rules) : null;
  const paid = tone === 'confirmed';
  // The focus follows the outcome: the confirmation while it settles, then the voucher once paid.
  useEffect(() => {
    if (paid) voucher.current?.focus();
    else card.current?.focus();
  }, [paid]);
  if (!booking || !tone) return null;
  const failed = tone === 'ended' || tone === 'cancelled';
  const settling = !paid && !failed;

  return (
    <Card withBorder padding="xl" aria-label={intl.formatMessage(words.card)} ref={card} tabIndex={-1} style={{ outline: 'none' }}>
      <Stack gap="md" align="center">
        <Group gap="sm">
          <StatusBadge booking={booking} size="xl" />
          {settling && <Loader size="sm" role="status" aria-label={intl.formatMessage(words.waiting)} />}
        </Group>
        {failed ? (
          <Alert
            color="red"
            title={intl.formatMessage(tone === 'cancelled' ? words.cancelled : words.notBooked)}
            role="alert"
            data-testid="confirmation-status"
            w="100%"
          >
            {intl.formatMessage(WORDS[tone], { product: PRODUCT_NAME })}
          </Alert>
        ) : (
          <Text c="dimmed" role="status" data-testid="confirmation-status">
            {intl.formatMessage(WORDS[tone], { product: PRODUCT_NAME })}
          </Text>
        )}
        {booking.bookingReference && !failed && (
          <>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(paid ? words.reference : words.referenceNotConfirmed)}
            </Text>
            <Title order={2} className="mono" fz={56} lh={1} data-testid="booking-reference" c={paid ? undefined : 'dimmed'}>
              {booking.bookingReference}
            </Title>
          </>
        )}
        <Text>
          <FormattedMessage
            {...words.stay}
            values={{
              package: booking.packageTitle,
              hotel: booking.propertyName,
              checkIn: formatDate(booking.checkIn),
              checkOut: formatDate(booking.checkOut),
            }}
          />
        </Text>
        <Text fw={600}>
          <FormattedMessage
            {...words.total}
            values={{ total: formatMoney(booking.totalMinor, booking.currency), reference: booking.clientReference }}
          />
        </Text>
        <Group>
          <Button variant="light" disabled={!paid} onClick={() => copyText(booking.bookingReference ?? '')}>
            <FormattedMessage {...words.copy} />
          </Button>
          <Button variant="light" disabled={!paid} onClick={() => openVoucher(booking.id)} ref={voucher}>
            <FormattedMessage {...words.voucher} />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
