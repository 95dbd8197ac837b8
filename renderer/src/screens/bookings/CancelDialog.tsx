import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord } from '../../../../shared/bookings';
import { formatDate, formatMoney } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import { DialogOutcome } from '../../components/DialogOutcome';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ServiceWords } from '../../components/ServiceWords';
import { shortcutKey, shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';

const words = defineMessages({
  title: { id: 'bookings.cancel.title', defaultMessage: 'Cancel booking {number} for {traveler}?' },
  close: { id: 'bookings.cancel.close', defaultMessage: 'Close' },
  outcome: {
    id: 'bookings.cancel.outcome',
    defaultMessage:
      'The service shows booking {number} for {traveler} as {status}. {paid, select, yes {The card was charged for it; the cancellation’s answer says nothing about a refund, which the service decides under its own terms. Tell the traveler the refund, if any, comes from the service.} other {It was never paid, so nothing was charged.}}',
  },
  booking: {
    id: 'bookings.cancel.booking',
    defaultMessage:
      '{package} · {hotel}, {checkIn} → {checkOut}, {total}. This cannot be undone. {paid, select, yes {Any refund is the service’s decision; {product} shows what the service answers.} other {It is not paid: nothing was charged.}}',
  },
  reason: { id: 'bookings.cancel.reason', defaultMessage: 'Reason' },
  reasonDescription: {
    id: 'bookings.cancel.reason.description',
    defaultMessage: 'Sent to the booking service and kept in the timeline. {key} cancels.',
  },
  keep: { id: 'bookings.cancel.keep', defaultMessage: 'Keep the booking' },
  confirm: { id: 'bookings.cancel.confirm', defaultMessage: 'Cancel booking for {traveler}' },
});

/** Cancel, with a reason and a confirmation that names the booking and the traveler. */
export function CancelDialog({ booking, onClose, onDone }: { booking: BookingRecord; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const { run, busy, error } = useMainCall();
  const [result, setResult] = useState<BookingRecord | null>(null);
  // What was paid before the cancellation decides what the result says; the page reloads the booking meanwhile.
  const [wasPaid] = useState(booking.bookingReference !== null);
  const traveler = `${booking.holder.name} ${booking.holder.surname}`;

  const confirm = () =>
    run(
      (mainCall) => mainCall('bookings:cancel', { bookingId: booking.id, reason, confirmed: true }),
      (cancelled) => {
        setResult(cancelled);
        onDone();
      },
    );

  return (
    <Modal
      opened
      // While the cancellation is out the dialog stays until the service answers: closed, the booking would look kept.
      onClose={busy ? () => undefined : onClose}
      title={intl.formatMessage(words.title, { number: String(booking.serviceBookingId), traveler })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(words.close) }}
    >
      {result ? (
        <DialogOutcome onClose={onClose}>
          <FormattedMessage
            {...words.outcome}
            values={{
              number: String(booking.serviceBookingId),
              traveler,
              status: <ServiceWords>{result.status}</ServiceWords>,
              paid: wasPaid ? 'yes' : 'no',
            }}
          />
        </DialogOutcome>
      ) : (
        <Stack>
          <Text size="sm">
            {intl.formatMessage(words.booking, {
              package: booking.packageTitle,
              hotel: booking.propertyName,
              checkIn: formatDate(booking.checkIn),
              checkOut: formatDate(booking.checkOut),
              total: formatMoney(booking.totalMinor, booking.currency),
              paid: booking.bookingReference ? 'yes' : 'no',
              product: PRODUCT_NAME,
            })}
          </Text>
          <Textarea
            label={intl.formatMessage(words.reason)}
            description={intl.formatMessage(words.reasonDescription, { key: shortcutKey('confirm-cancel', intl) })}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onKeyDown={shortcutKeyHandler([['confirm-cancel', () => reason.trim() && !busy && void confirm()]])}
            autosize
            minRows={2}
            data-autofocus
            required
          />
          <ErrorNotice error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {intl.formatMessage(words.keep)}
            </Button>
            <BusyButton color="red" busy={busy} disabled={!reason.trim()} onClick={() => void confirm()}>
              {intl.formatMessage(words.confirm, { traveler })}
            </BusyButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
